import { ErrorScreen } from "@/features/shell/ErrorScreen";

export default function NotFoundPage() {
  return (
    <ErrorScreen status={404}>
      <p>The address may be mistyped, or the page may have moved. Check it, or start again from your dashboard.</p>
    </ErrorScreen>
  );
}
