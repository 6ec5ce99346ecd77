import NProgress from "nprogress";
import Router from "next/router";
import { useEffect } from "react";

/** A thin progress bar on route changes; shown only when a change takes longer than a blink. */
export function RouteProgress() {
  useEffect(() => {
    NProgress.configure({ showSpinner: false, trickleSpeed: 150 });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => NProgress.start(), 120);
    };
    const done = () => {
      clearTimeout(timer);
      NProgress.done();
    };
    // The singleton's events, subscribed once: a re-subscription must never leave a timer behind.
    Router.events.on("routeChangeStart", start);
    Router.events.on("routeChangeComplete", done);
    Router.events.on("routeChangeError", done);
    return () => {
      clearTimeout(timer);
      Router.events.off("routeChangeStart", start);
      Router.events.off("routeChangeComplete", done);
      Router.events.off("routeChangeError", done);
    };
  }, []);
  return null;
}
