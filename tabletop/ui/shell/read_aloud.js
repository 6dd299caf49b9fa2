// Reading steps aloud with the browser's speech synthesis (window.speechSynthesis): the text is
// spoken on this device, nothing is sent anywhere. A switch (off by default) and a speed; a
// new step (a change of "serial") is spoken while the switch is on, the step before it cut
// short. Served from the package (anywidget's _esm): nothing is fetched from elsewhere.

function render({ model, el }) {
  const synth = window.speechSynthesis;
  const box = document.createElement("div");
  box.className = "tt-read-aloud-box";
  const switchLabel = document.createElement("label");
  const toggle = document.createElement("input");
  toggle.type = "checkbox";
  toggle.setAttribute("role", "switch");
  toggle.className = "tt-read-aloud-switch";
  const switchWords = document.createElement("span");
  switchLabel.append(toggle, switchWords);
  const speedLabel = document.createElement("label");
  const speedWords = document.createElement("span");
  const speed = document.createElement("select");
  speed.className = "tt-read-aloud-speed";
  speedLabel.append(speedWords, speed);
  const note = document.createElement("span");
  note.className = "tt-read-aloud-note";
  box.append(switchLabel, speedLabel, note);
  el.append(box);

  function speak() {
    if (!synth || !model.get("enabled")) return;
    const text = model.get("text") || "";
    synth.cancel();
    if (!text) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = model.get("lang") || "en";
    utterance.rate = model.get("rate") || 1;
    synth.speak(utterance);
  }

  function draw() {
    const labels = model.get("labels") || {};
    switchWords.textContent = labels.switch || "Read aloud";
    speedWords.textContent = labels.speed || "Speed";
    toggle.checked = !!model.get("enabled");
    toggle.setAttribute("aria-checked", toggle.checked ? "true" : "false");
    const rate = model.get("rate") || 1;
    const speeds = model.get("speeds") || [1];
    if (speed.options.length !== speeds.length) {
      speed.replaceChildren(
        ...speeds.map((value) => {
          const option = document.createElement("option");
          option.value = String(value);
          option.textContent = `${value}×`;
          return option;
        }),
      );
    }
    speed.value = String(rate);
    toggle.disabled = !synth;
    speed.disabled = !synth;
    note.textContent = synth ? "" : labels.unavailable || "";
  }

  function onToggle() {
    model.set("enabled", toggle.checked);
    model.save_changes();
    draw();
    if (toggle.checked) speak();
    else if (synth) synth.cancel();
  }

  function onSpeed() {
    model.set("rate", Number(speed.value));
    model.save_changes();
  }

  toggle.addEventListener("change", onToggle);
  speed.addEventListener("change", onSpeed);
  const fields = ["labels", "enabled", "rate", "speeds"];
  for (const name of fields) model.on(`change:${name}`, draw);
  model.on("change:serial", speak);
  draw();

  return () => {
    if (synth) synth.cancel();
    toggle.removeEventListener("change", onToggle);
    speed.removeEventListener("change", onSpeed);
    for (const name of fields) model.off(`change:${name}`, draw);
    model.off("change:serial", speak);
  };
}

export default { render };
