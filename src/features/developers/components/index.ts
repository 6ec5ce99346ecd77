export { ApiReference, OPENAPI_URL } from "./ApiReference";
export { DevelopersIntro } from "./DevelopersIntro";
