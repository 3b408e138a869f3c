/** The seller area; its screens arrive with the seller issues. */
export function SellerLayout() {
  return (
    <main className="container section message-page">
      <h1>Seller</h1>
      <p>The seller area is coming soon.</p>
    </main>
  );
}
