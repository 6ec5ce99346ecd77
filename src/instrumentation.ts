/**
 * Runs once when the server starts: opens the database (migrations, demo content) before
 * the first request, so a broken configuration fails at start-up, loudly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./boot");
  await boot();
}
