/** RapiDoc ships no types: importing it registers the <rapi-doc> custom element. */
declare module "rapidoc";
