// The table's clock in the browser: it receives the deadline once per change and counts down
// by itself (no message from the kernel each second, the same time on every page). Served from
// the package (anywidget's _esm): nothing is fetched from elsewhere.

const RUNNING = new Set(["negotiation", "writing"]);

// What the clock says at `now` (ms since the epoch, on the server's clock): as
// TableClock.reading in tabletop/store/seat_records.py.
function reading(model, now) {
  const phase = model.get("phase");
  if (phase === "paused") {
    return { phase, left: model.get("left") * 1000, paused: model.get("paused") };
  }
  const deadline = model.get("deadline");
  if (!RUNNING.has(phase) || !deadline) {
    return { phase: "idle", left: 0 };
  }
  if (now < deadline) {
    return { phase, left: deadline - now };
  }
  const writing = model.get("writing") * 1000;
  if (phase === "negotiation" && writing > 0 && now < deadline + writing) {
    return { phase: "writing", left: deadline + writing - now };
  }
  return { phase: "up", left: 0 };
}

// Whole seconds left as MM:SS, rounded up (00:00 only when the time is up): format_clock's rule.
function mmss(ms) {
  const whole = Math.ceil(Math.max(ms, 0) / 1000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tt-clock";
  const phaseLine = document.createElement("div");
  phaseLine.className = "tt-clock-phase";
  const digits = document.createElement("div");
  digits.className = "tt-clock-digits";
  const sealed = document.createElement("div");
  sealed.className = "tt-clock-sealed";
  box.append(phaseLine, digits, sealed);
  el.append(box);

  let offset = 0; // the server's clock less this device's, in ms (from one ping)
  let tick = null;
  let lock = null;
  let closed = false;

  const wanted = () => RUNNING.has(reading(model, Date.now() + offset).phase);

  // The screen stays awake while a clock runs, where the browser allows it (a secure context:
  // localhost or TLS); elsewhere nothing is said and nothing breaks.
  async function keepAwake() {
    if (closed || lock !== null || !wanted() || document.visibilityState !== "visible") return;
    if (!window.isSecureContext || !("wakeLock" in navigator)) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      box.dataset.awake = "1";
      lock.addEventListener("release", () => {
        lock = null;
        delete box.dataset.awake;
      });
    } catch (error) {
      lock = null; // refused (battery saver, no permission): the clock runs all the same
    }
  }

  function letSleep() {
    if (lock !== null) {
      lock.release().catch(() => {});
      lock = null;
    }
  }

  function draw() {
    clearTimeout(tick);
    tick = null;
    const labels = model.get("labels") || {};
    const now = Date.now() + offset;
    const read = reading(model, now);
    box.dataset.phase = read.phase;
    if (read.phase === "paused") {
      phaseLine.textContent = `${labels.paused || "paused"} · ${labels[read.paused] || ""}`;
    } else if (read.phase === "idle") {
      phaseLine.textContent = "";
    } else {
      phaseLine.textContent = labels[read.phase] || read.phase;
    }
    digits.textContent = read.phase === "idle" ? "" : mmss(read.left);
    sealed.textContent = model.get("sealed") || "";
    if (RUNNING.has(read.phase)) {
      // Next draw when the shown second changes.
      const wait = (read.left % 1000) + 20;
      tick = setTimeout(draw, Math.min(Math.max(wait, 50), 1020));
      keepAwake();
    } else {
      letSleep();
    }
  }

  function onVisible() {
    if (document.visibilityState === "visible") {
      draw(); // a phone woken up redraws at once, and asks for the wake lock again
    }
  }

  function onMessage(message) {
    if (message && typeof message.pong === "number" && typeof message.server === "number") {
      const back = Date.now();
      offset = message.server - (message.pong + back) / 2;
      draw();
    }
  }

  // Every field the clock shows redraws it (nothing counts down in the kernel).
  const fields = ["phase", "deadline", "left", "paused", "writing", "labels", "sealed"];
  for (const name of fields) model.on(`change:${name}`, draw);
  model.on("msg:custom", onMessage);
  document.addEventListener("visibilitychange", onVisible);
  draw();
  model.send({ ping: Date.now() });

  return () => {
    closed = true;
    clearTimeout(tick);
    letSleep();
    document.removeEventListener("visibilitychange", onVisible);
    for (const name of fields) model.off(`change:${name}`, draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
