import { ErrorScreen } from "@/features/shell/ErrorScreen";

export default function ServerErrorPage() {
  return (
    <ErrorScreen status={500}>
      <p>Something went wrong on our side. Nothing you did caused it. Please try again in a moment.</p>
    </ErrorScreen>
  );
}
