import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from "next/document";

interface Props extends DocumentInitialProps {
  nonce?: string;
  theme: "light" | "dark" | "system";
}

/** Carries the proxy's CSP nonce onto Next's scripts, and the chosen theme onto <html> (no flash). */
export default class TickerlabDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers["x-nonce"];
    // A cookie set on this very response (the profile's choice, first seen on this device) wins.
    const setCookie = ctx.res?.getHeader("Set-Cookie");
    const cookie = [...(Array.isArray(setCookie) ? setCookie : []), ctx.req?.headers.cookie ?? ""].join("; ");
    const match = /(?:^|;\s*)tl-theme=(light|dark|system)/.exec(cookie);
    return {
      ...initial,
      nonce: typeof nonce === "string" ? nonce : undefined,
      theme: (match?.[1] as Props["theme"]) ?? "system",
    };
  }

  render() {
    const { nonce, theme } = this.props;
    return (
      <Html lang="en" data-theme={theme === "system" ? undefined : theme}>
        <Head nonce={nonce}>
          <meta name="color-scheme" content="light dark" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
