export default function StatePage() {
  return <main className="landing"><h1>State</h1></main>;
}
