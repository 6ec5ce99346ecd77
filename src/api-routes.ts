/**
 * Every JSON route module under src/pages/api, keyed by its file (without the extension): the
 * registry the OpenAPI document is built from (src/server/http/openapi.ts, served by
 * GET /api/openapi.json; docs/decisions/030-openapi.md). Like boot.ts it sits above the layers
 * and may import pages. tests/unit/openapi.test.ts fails when a file under src/pages/api is
 * missing here or in the document (the test-only routes: missing from the document, and only
 * they), or when the document names a method a module does not offer.
 */
import type { ApiRouteHandler } from "@/server/http/api-route";
import { nextAuthAnswer, streamAnswer } from "@/server/answers";
import type { DocumentedRoute } from "@/server/http/openapi";
import accountAttempts from "@/pages/api/account/attempts";
import accountEmailConfirm from "@/pages/api/account/email/confirm";
import accountEmailIndex from "@/pages/api/account/email/index";
import accountExport from "@/pages/api/account/export";
import accountIndex from "@/pages/api/account/index";
import accountPassword from "@/pages/api/account/password";
import accountPasswordResetConfirm from "@/pages/api/account/password-reset/confirm";
import accountPasswordResetRequest from "@/pages/api/account/password-reset/request";
import accountRegister from "@/pages/api/account/register";
import accountResendVerification from "@/pages/api/account/resend-verification";
import accountSignOutEverywhere from "@/pages/api/account/sign-out-everywhere";
import accountTokensId from "@/pages/api/account/tokens/[id]";
import accountTokensIndex from "@/pages/api/account/tokens/index";
import accountVerifyEmail from "@/pages/api/account/verify-email";
import adminAudit from "@/pages/api/admin/audit";
import adminCoursesIdIndex from "@/pages/api/admin/courses/[id]/index";
import adminCoursesIdLessonsIndex from "@/pages/api/admin/courses/[id]/lessons/index";
import adminCoursesIdLessonsReorder from "@/pages/api/admin/courses/[id]/lessons/reorder";
import adminCoursesIndex from "@/pages/api/admin/courses/index";
import adminCoursesReorder from "@/pages/api/admin/courses/reorder";
import adminDatasetsId from "@/pages/api/admin/datasets/[id]";
import adminDatasetsIndex from "@/pages/api/admin/datasets/index";
import adminEventsSlugArchive from "@/pages/api/admin/events/[slug]/archive";
import adminEventsSlugClone from "@/pages/api/admin/events/[slug]/clone";
import adminEventsSlugIndex from "@/pages/api/admin/events/[slug]/index";
import adminEventsSlugJoinCode from "@/pages/api/admin/events/[slug]/join-code";
import adminEventsSlugParticipantsUserId from "@/pages/api/admin/events/[slug]/participants/[userId]";
import adminEventsSlugParticipantsIndex from "@/pages/api/admin/events/[slug]/participants/index";
import adminEventsSlugStandingsCsv from "@/pages/api/admin/events/[slug]/standings.csv";
import adminEventsIndex from "@/pages/api/admin/events/index";
import adminInstrumentsSymbol from "@/pages/api/admin/instruments/[symbol]";
import adminInstrumentsSymbolCorporateActions from "@/pages/api/admin/instruments/[symbol]/corporate-actions";
import adminInstrumentsIndex from "@/pages/api/admin/instruments/index";
import adminLessonsId from "@/pages/api/admin/lessons/[id]";
import adminSettings from "@/pages/api/admin/settings";
import adminUsersId from "@/pages/api/admin/users/[id]";
import adminUsersIndex from "@/pages/api/admin/users/index";
import classesIdDashboard from "@/pages/api/classes/[id]/dashboard";
import classesIdAssignmentsAssignmentIdScoresStudentId from "@/pages/api/classes/[id]/assignments/[assignmentId]/scores/[studentId]";
import classesIdAssignmentsIndex from "@/pages/api/classes/[id]/assignments/index";
import classesIdGradebook from "@/pages/api/classes/[id]/gradebook";
import classesIdGradebookCsv from "@/pages/api/classes/[id]/gradebook.csv";
import classesIdContestsIndex from "@/pages/api/classes/[id]/contests/index";
import classesIdContestsSlugEnrol from "@/pages/api/classes/[id]/contests/[slug]/enrol";
import classesIdContestsSlugRandomTeams from "@/pages/api/classes/[id]/contests/[slug]/random-teams";
import classesIdContestsSlugTeams from "@/pages/api/classes/[id]/contests/[slug]/teams";
import classesIdIndex from "@/pages/api/classes/[id]/index";
import classesIdRoster from "@/pages/api/classes/[id]/roster";
import classesIdStudentsStudentIdAccount from "@/pages/api/classes/[id]/students/[studentId]/account";
import classesIdStudentsStudentIdIndex from "@/pages/api/classes/[id]/students/[studentId]/index";
import classesIdStudentsStudentIdPassword from "@/pages/api/classes/[id]/students/[studentId]/password";
import classesIndex from "@/pages/api/classes/index";
import classesJoin from "@/pages/api/classes/join";
import coursesSlug from "@/pages/api/courses/[slug]";
import coursesIndex from "@/pages/api/courses/index";
import eventsSlugIndex from "@/pages/api/events/[slug]/index";
import eventsSlugJoin from "@/pages/api/events/[slug]/join";
import eventsSlugTeamsIndex from "@/pages/api/events/[slug]/teams/index";
import eventsSlugTeamsJoin from "@/pages/api/events/[slug]/teams/join";
import eventsSlugReplay from "@/pages/api/events/[slug]/replay";
import eventsSlugReportCard from "@/pages/api/events/[slug]/report-card";
import eventsSlugReportCards from "@/pages/api/events/[slug]/report-cards";
import eventsSlugFlags from "@/pages/api/events/[slug]/flags";
import fairPlayFlagsId from "@/pages/api/fair-play/flags/[id]";
import adminFairPlayPracticeFlags from "@/pages/api/admin/fair-play/practice-flags";
import eventsSlugStandings from "@/pages/api/events/[slug]/standings";
import eventsIndex from "@/pages/api/events/index";
import health from "@/pages/api/health";
import live from "@/pages/api/live";
import metrics from "@/pages/api/metrics";
import ready from "@/pages/api/ready";
import joinCodes from "@/pages/api/join-codes";
import instrumentsSymbolCandles from "@/pages/api/instruments/[symbol]/candles";
import instrumentsSymbolCorporateActions from "@/pages/api/instruments/[symbol]/corporate-actions";
import instrumentsIndex from "@/pages/api/instruments/index";
import lessonsIdAttempts from "@/pages/api/lessons/[id]/attempts";
import lessonsIdIndex from "@/pages/api/lessons/[id]/index";
import leaguesMe from "@/pages/api/leagues/me";
import lessonsIdRead from "@/pages/api/lessons/[id]/read";
import marketDay from "@/pages/api/market/day";
import marketRealism from "@/pages/api/market/realism";
import openapiJson from "@/pages/api/openapi.json";
import portfolio from "@/pages/api/portfolio";
import portfoliosIdExportCsv from "@/pages/api/portfolios/[id]/export.csv";
import portfoliosIdFills from "@/pages/api/portfolios/[id]/fills";
import portfoliosIdAdjustments from "@/pages/api/portfolios/[id]/adjustments";
import portfoliosIdCorrections from "@/pages/api/portfolios/[id]/corrections";
import portfoliosIdCorporateActions from "@/pages/api/portfolios/[id]/corporate-actions";
import portfoliosIdFillsFillIdReversal from "@/pages/api/portfolios/[id]/fills/[fillId]/reversal";
import portfoliosIdIndex from "@/pages/api/portfolios/[id]/index";
import portfoliosIdOrdersOrderId from "@/pages/api/portfolios/[id]/orders/[orderId]";
import portfoliosIdOrdersIndex from "@/pages/api/portfolios/[id]/orders/index";
import portfoliosIdPerformance from "@/pages/api/portfolios/[id]/performance";
import portfoliosIdReset from "@/pages/api/portfolios/[id]/reset";
import rankingsIndex from "@/pages/api/rankings/index";
import rankingsRefresh from "@/pages/api/rankings/refresh";
import testCorporateActions from "@/pages/api/test/corporate-actions";
import testPrices from "@/pages/api/test/prices";
import testSnapshots from "@/pages/api/test/snapshots";
import testTasksName from "@/pages/api/test/tasks/[name]";
import watchlistSymbol from "@/pages/api/watchlist/[symbol]";
import watchlistIndex from "@/pages/api/watchlist/index";

/** The modules built on apiRoute(): their specs are the documentation. */
export const API_ROUTES: Record<string, ApiRouteHandler> = {
  "account/attempts": accountAttempts,
  "account/email/confirm": accountEmailConfirm,
  "account/email/index": accountEmailIndex,
  "account/export": accountExport,
  "account/index": accountIndex,
  "account/password": accountPassword,
  "account/password-reset/confirm": accountPasswordResetConfirm,
  "account/password-reset/request": accountPasswordResetRequest,
  "account/register": accountRegister,
  "account/resend-verification": accountResendVerification,
  "account/sign-out-everywhere": accountSignOutEverywhere,
  "account/tokens/[id]": accountTokensId,
  "account/tokens/index": accountTokensIndex,
  "account/verify-email": accountVerifyEmail,
  "admin/audit": adminAudit,
  "admin/courses/[id]/index": adminCoursesIdIndex,
  "admin/courses/[id]/lessons/index": adminCoursesIdLessonsIndex,
  "admin/courses/[id]/lessons/reorder": adminCoursesIdLessonsReorder,
  "admin/courses/index": adminCoursesIndex,
  "admin/courses/reorder": adminCoursesReorder,
  "admin/datasets/[id]": adminDatasetsId,
  "admin/datasets/index": adminDatasetsIndex,
  "admin/events/[slug]/archive": adminEventsSlugArchive,
  "admin/events/[slug]/clone": adminEventsSlugClone,
  "admin/events/[slug]/index": adminEventsSlugIndex,
  "admin/events/[slug]/join-code": adminEventsSlugJoinCode,
  "admin/events/[slug]/participants/[userId]": adminEventsSlugParticipantsUserId,
  "admin/events/[slug]/participants/index": adminEventsSlugParticipantsIndex,
  "admin/events/[slug]/standings.csv": adminEventsSlugStandingsCsv,
  "admin/events/index": adminEventsIndex,
  "admin/instruments/[symbol]": adminInstrumentsSymbol,
  "admin/instruments/[symbol]/corporate-actions": adminInstrumentsSymbolCorporateActions,
  "admin/instruments/index": adminInstrumentsIndex,
  "admin/lessons/[id]": adminLessonsId,
  "admin/settings": adminSettings,
  "admin/users/[id]": adminUsersId,
  "admin/users/index": adminUsersIndex,
  "classes/[id]/dashboard": classesIdDashboard,
  "classes/[id]/assignments/[assignmentId]/scores/[studentId]": classesIdAssignmentsAssignmentIdScoresStudentId,
  "classes/[id]/assignments/index": classesIdAssignmentsIndex,
  "classes/[id]/gradebook": classesIdGradebook,
  "classes/[id]/gradebook.csv": classesIdGradebookCsv,
  "classes/[id]/contests/index": classesIdContestsIndex,
  "classes/[id]/contests/[slug]/enrol": classesIdContestsSlugEnrol,
  "classes/[id]/contests/[slug]/random-teams": classesIdContestsSlugRandomTeams,
  "classes/[id]/contests/[slug]/teams": classesIdContestsSlugTeams,
  "classes/[id]/index": classesIdIndex,
  "classes/[id]/roster": classesIdRoster,
  "classes/[id]/students/[studentId]/account": classesIdStudentsStudentIdAccount,
  "classes/[id]/students/[studentId]/index": classesIdStudentsStudentIdIndex,
  "classes/[id]/students/[studentId]/password": classesIdStudentsStudentIdPassword,
  "classes/index": classesIndex,
  "classes/join": classesJoin,
  "courses/[slug]": coursesSlug,
  "courses/index": coursesIndex,
  "events/[slug]/index": eventsSlugIndex,
  "events/[slug]/join": eventsSlugJoin,
  "events/[slug]/teams/index": eventsSlugTeamsIndex,
  "events/[slug]/teams/join": eventsSlugTeamsJoin,
  "events/[slug]/replay": eventsSlugReplay,
  "events/[slug]/report-card": eventsSlugReportCard,
  "events/[slug]/report-cards": eventsSlugReportCards,
  "events/[slug]/flags": eventsSlugFlags,
  "fair-play/flags/[id]": fairPlayFlagsId,
  "admin/fair-play/practice-flags": adminFairPlayPracticeFlags,
  "events/[slug]/standings": eventsSlugStandings,
  "events/index": eventsIndex,
  "health": health,
  "live": live,
  "metrics": metrics,
  "ready": ready,
  "join-codes": joinCodes,
  "instruments/[symbol]/candles": instrumentsSymbolCandles,
  "instruments/[symbol]/corporate-actions": instrumentsSymbolCorporateActions,
  "instruments/index": instrumentsIndex,
  "lessons/[id]/attempts": lessonsIdAttempts,
  "lessons/[id]/index": lessonsIdIndex,
  "leagues/me": leaguesMe,
  "lessons/[id]/read": lessonsIdRead,
  "market/day": marketDay,
  "market/realism": marketRealism,
  "openapi.json": openapiJson,
  "portfolio": portfolio,
  "portfolios/[id]/adjustments": portfoliosIdAdjustments,
  "portfolios/[id]/corrections": portfoliosIdCorrections,
  "portfolios/[id]/corporate-actions": portfoliosIdCorporateActions,
  "portfolios/[id]/export.csv": portfoliosIdExportCsv,
  "portfolios/[id]/fills": portfoliosIdFills,
  "portfolios/[id]/fills/[fillId]/reversal": portfoliosIdFillsFillIdReversal,
  "portfolios/[id]/index": portfoliosIdIndex,
  "portfolios/[id]/orders/[orderId]": portfoliosIdOrdersOrderId,
  "portfolios/[id]/orders/index": portfoliosIdOrdersIndex,
  "portfolios/[id]/performance": portfoliosIdPerformance,
  "portfolios/[id]/reset": portfoliosIdReset,
  "rankings/index": rankingsIndex,
  "rankings/refresh": rankingsRefresh,
  "test/corporate-actions": testCorporateActions,
  "test/prices": testPrices,
  "test/snapshots": testSnapshots,
  "test/tasks/[name]": testTasksName,
  "watchlist/[symbol]": watchlistSymbol,
  "watchlist/index": watchlistIndex,
};

/**
 * The two modules not built on apiRoute: next-auth's catch-all and the event stream. Their
 * methods are stated here (the test checks what each answers with 405).
 */
export const OTHER_ROUTES: DocumentedRoute[] = [
  {
    file: "auth/[...nextauth]",
    description: [
      "next-auth's own protocol (a catch-all: `{nextauth}` is one or more path segments). Scripts use it to sign in:",
      "",
      "- `GET /api/auth/csrf` → `{csrfToken}` (and a CSRF cookie)",
      "- `GET /api/auth/providers` → the sign-in methods on offer",
      "- `POST /api/auth/callback/credentials` with a form body `csrfToken, email, password` → sets the session cookie (rate-limited per address and IP); `email` may be a roster account's username",
      "- `POST /api/auth/signin/email` with `csrfToken, email` → sends a sign-in link (rate-limited)",
      "- `GET /api/auth/session` → the session, or `{}`",
      "- `POST /api/auth/signout` with `csrfToken` → ends the session",
      "",
      "Errors reach `/login?error=` as next-auth's codes (`CredentialsSignin`, `TooManyAttempts`, …).",
    ].join("\n"),
    methods: {
      GET: { auth: "public", answer: nextAuthAnswer, docs: { summary: "next-auth: session, csrf, providers, sign-in pages and OAuth callbacks", response: "next-auth's answer (JSON, or a redirect)." } },
      POST: {
        auth: "public",
        answer: nextAuthAnswer,
        docs: { summary: "next-auth: sign in, sign out, client log", response: "next-auth's answer (JSON when `json=true` is posted, else a redirect).", rateLimited: "password sign-in and email links, per address and per IP" },
      },
    },
  },
  {
    file: "stream",
    methods: {
      GET: {
        auth: "user",
        // The session cookie only (an EventSource cannot send a header).
        scope: "session",
        answer: streamAnswer,
        docs: {
          summary: "Live updates (Server-Sent Events)",
          description: "Events: `snapshot` `{quotes}` on every (re)connection, `quote` per moved instrument, `portfolio` `{portfolioId, orders, fills}` (or null) when one of the person's portfolios changed, `revoked` `{reason}` before the stream closes. A comment line every 15 s.",
          response: "An event stream that stays open.",
          contentType: "text/event-stream",
        },
      },
    },
  },
];

/**
 * A test-only route (apiRoute's `onlyWhen`: POST /api/test/prices, /api/test/snapshots,
 * /api/test/corporate-actions, /api/rankings/refresh while TEST_PRICE_CONTROL is on; POST
 * /api/test/tasks/{name} while TEST_TASK_CONTROL is on) exists only under its switch and answers 404 on every
 * real install: it is not part of the API people script against (docs/testing.md lists them).
 */
export const isTestOnly = (route: ApiRouteHandler) => route.options.onlyWhen !== undefined;

/** Every route of the API, for the document; the test-only routes are left out. */
export function documentedRoutes(): DocumentedRoute[] {
  return [...Object.entries(API_ROUTES).flatMap(([file, route]) => (isTestOnly(route) ? [] : [{ file, methods: route.specs }])), ...OTHER_ROUTES];
}
