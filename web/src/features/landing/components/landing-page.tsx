export default function LandingPage() {
  return <main className="landing"><h1>Flow</h1></main>;
}
