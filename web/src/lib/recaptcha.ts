// reCAPTCHA v3 (spec 1 section 4): load with the site key, wait until ready, execute an action.
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const loaded = new Map<string, Promise<void>>();

function loadScript(siteKey: string): Promise<void> {
  let promise = loaded.get(siteKey);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(siteKey);
        reject(new Error("Failed to load reCAPTCHA"));
      };
      document.head.appendChild(script);
    });
    loaded.set(siteKey, promise);
  }
  return promise;
}

/** Polls every 100 ms for up to 10 s until grecaptcha is ready. */
async function waitReady(): Promise<Grecaptcha> {
  for (let i = 0; i < 100; i++) {
    if (window.grecaptcha?.execute) {
      const g = window.grecaptcha;
      await new Promise<void>((resolve) => g.ready(resolve));
      return g;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("reCAPTCHA not ready");
}

export async function recaptchaToken(siteKey: string, action = "signup"): Promise<string> {
  await loadScript(siteKey);
  const g = await waitReady();
  return g.execute(siteKey, { action });
}
