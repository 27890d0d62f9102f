/**
 * Shown when the organisation or the copy texts cannot be loaded. Its text cannot come from the
 * copy texts, so it is the portal's only hard-coded text (spec 000 §8).
 */
export function ErrorScreen() {
  return (
    <main className="center-page">
      <div className="card center-card" role="alert">
        <h1>Invalid translation or API issue</h1>
      </div>
    </main>
  );
}
