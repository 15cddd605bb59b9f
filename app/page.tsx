export default function Home() {
  return (
    <main style={{ padding: '2rem', maxWidth: 720 }}>
      <h1>Floe</h1>
      <p>
        Floe speaks the SQL API v2 wire format. Point a client at <code>/api/v2/statements</code> with
        <code> Authorization: Bearer &lt;programmatic access token&gt;</code>.
      </p>
    </main>
  );
}
