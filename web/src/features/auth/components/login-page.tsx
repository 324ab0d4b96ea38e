export default function LoginPage() {
  return <main className="landing"><h1>Sign in</h1></main>;
}
