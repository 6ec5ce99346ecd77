/**
 * A strict reader of the Prometheus text exposition format (0.0.4) for tests: every line is
 * a `# HELP`, a `# TYPE` or a sample of a declared family; label values are quoted with the
 * format's escapes; values are numbers (or NaN / ±Inf, in any case). Throws on anything else.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SUFFIXES: Record<Family["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

function parseValue(text: string, line: string): number {
  // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
  if (/^[+]?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (text === "" || Number.isNaN(value)) throw new Error(`Not a number in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\\\|\\"|\\n)*)"(,?)/.exec(rest);
    if (!match) throw new Error(`Bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
    rest = rest.slice(match[0].length);
    if (!match[3] && rest.length > 0) throw new Error(`Bad labels in: ${line}`);
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string): Family | undefined => {
    for (const family of families.values()) {
      if (SUFFIXES[family.type].some((suffix) => family.name + suffix === sample)) return family;
    }
    return undefined;
  };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      if (!NAME.test(name!)) throw new Error(`Bad metric name in: ${line}`);
      const family = families.get(name!) ?? { name: name!, type: "untyped" as const, help: "", samples: [] };
      if (kind === "HELP") family.help = rest!;
      else {
        if (!(rest! in SUFFIXES)) throw new Error(`Bad type in: ${line}`);
        family.type = rest as Family["type"];
      }
      families.set(name!, family);
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!sample) throw new Error(`Not a sample: ${line}`);
    const family = familyOf(sample[1]!);
    if (!family) throw new Error(`A sample of no declared family: ${line}`);
    family.samples.push({ name: sample[1]!, labels: parseLabels(sample[2] ?? "", line), value: parseValue(sample[3]!, line) });
  }
  return families;
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) return sample.value;
    }
  }
  return undefined;
}
