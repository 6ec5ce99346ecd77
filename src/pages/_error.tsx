import type { NextPageContext } from "next";
import { ErrorScreen, ERROR_TITLES } from "@/features/shell/ErrorScreen";

interface Props {
  statusCode: number;
}

/** Errors other than 404 and 500 (their own pages), e.g. 400 and 405 from page requests. */
export default function ErrorPage({ statusCode }: Props) {
  return (
    <ErrorScreen status={statusCode} title={ERROR_TITLES[statusCode]}>
      <p>{statusCode >= 500 ? "Something went wrong on our side. Please try again." : "That request could not be handled."}</p>
    </ErrorScreen>
  );
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): Props => ({
  statusCode: res?.statusCode ?? (err as { statusCode?: number } | undefined)?.statusCode ?? 500,
});
