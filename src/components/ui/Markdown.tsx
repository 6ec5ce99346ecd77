/**
 * Renders Markdown written by people (lessons, explanations) safely: raw HTML is dropped,
 * never parsed; links keep only http(s), mailto and in-site targets (react-markdown's URL
 * filter removes javascript: and data:); images are not rendered. No dangerouslySetInnerHTML.
 */
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { keepUnitsTogether } from "@/lib/format";
import styles from "./markdown.module.css";

interface TextTree {
  type: string;
  value?: string;
  children?: TextTree[];
}

/** A remark step: every "5 %" of the prose keeps its unit on the figure's line, as the app's own figures do. */
function remarkKeepUnits() {
  const visit = (node: TextTree) => {
    if (node.type === "text" && node.value) node.value = keepUnitsTogether(node.value);
    node.children?.forEach(visit);
  };
  return visit;
}

const components: Components = {
  a: ({ href, children }) => {
    const external = href ? /^https?:\/\//i.test(href) : false;
    return (
      <a href={href} {...(external && { target: "_blank", rel: "noopener noreferrer nofollow" })}>
        {children}
      </a>
    );
  },
  table: ({ children }) => (
    <div className={styles.tableWrap}>
      <table>{children}</table>
    </div>
  ),
};

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:|\/|#)/i.test(cleaned) ? cleaned : "";
}

export function Markdown({ children }: { children: string }) {
  return (
    <div className={styles.prose}>
      <ReactMarkdown remarkPlugins={[remarkGfm, remarkKeepUnits]} skipHtml urlTransform={safeUrl} disallowedElements={["img"]} unwrapDisallowed components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
