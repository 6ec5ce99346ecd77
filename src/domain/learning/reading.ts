/** Estimated reading time of a lesson: about 200 words a minute for careful reading. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`|\-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
