/** The delivery agents' phone app; its screens arrive with the agent issues. */
export function AgentLayout() {
  return (
    <main className="container section message-page">
      <h1>Delivery agents</h1>
      <p>The delivery agents&apos; area is coming soon.</p>
    </main>
  );
}
