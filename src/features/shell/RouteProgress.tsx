import NProgress from "nprogress";
import { useRouter } from "next/router";
import { useEffect } from "react";

/** A thin progress bar on route changes; shown only when a change takes longer than a blink. */
export function RouteProgress() {
  const router = useRouter();
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
    router.events.on("routeChangeStart", start);
    router.events.on("routeChangeComplete", done);
    router.events.on("routeChangeError", done);
    return () => {
      router.events.off("routeChangeStart", start);
      router.events.off("routeChangeComplete", done);
      router.events.off("routeChangeError", done);
    };
  }, [router]);
  return null;
}
