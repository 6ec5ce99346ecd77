import { personalData } from "@/personal-data";
import { getDb } from "@/server/db";
import { personalDataExport } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";
import { logger } from "@/server/logger";
import { writePersonalData } from "@/server/personal-data";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: personalDataExport,
    docs: {
      summary: "Export my data (JSON download)",
      response: "200 JSON download (`Content-Disposition: attachment`), streamed: `{exportedAt, profile, signInMethods:{password, linked}, apiTokens (as `GET /api/account/tokens` lists them, never the secret), portfolios, positions, orders, fills, cashMovements, watchlist, equitySnapshots, lessonProgress, quizAttempts, xp, learningDays, eventParticipation, eventStandings, leaderboards, classes:[{classId, name, role, via, joinedAt, startsOn, endsOn}], rosterAccount:{username, createdBy, createdByName}|null, activity:[{id, at, action, byThem, ip, detail}]}` (`ip` only on the person's own entries; decision 029). A failure mid-download cuts the connection, so a partial file is invalid JSON",
    },
    // Everything kept about the person: a browser session only, never a token.
    scope: "session",
    async handler({ res, session }) {
      const sections = await personalData(await getDb(), session.user.id);
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="tickerlab-export-${new Date().toISOString().slice(0, 10)}.json"`,
        "Cache-Control": "private, no-store",
      });
      try {
        await writePersonalData(res, sections);
        res.end();
      } catch (error) {
        // The headers are gone: cut the download short, so it is an invalid document rather than a whole-looking partial one.
        logger().error({ err: error }, "export: cut short");
        res.destroy();
      }
    },
  }),
});
