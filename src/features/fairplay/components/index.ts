/** The fair-play feature's browser surface. */
export { FairPlayNotices, FlagsReview, type FlagItem, type FlagsAnswer, type NoticeItem } from "./FlagsReview";
