import Head from "next/head";
import { ApiReference, DevelopersIntro } from "@/features/developers/components";

/** The API reference: public, like the document it renders (GET /api/openapi.json). */
export default function ApiReferencePage() {
  return (
    <>
      <Head>
        <title>API reference · Tickerlab</title>
      </Head>
      <DevelopersIntro />
      <ApiReference />
    </>
  );
}
