/** The corrections feature's browser surface (docs/decisions/041-corrections.md). */
export { CorrectionsPanel, type CorrectionsPanelProps } from "./CorrectionsPanel";
export { CorrectionNotices } from "./CorrectionNotices";
export { correctionEndpoints } from "./endpoints";
