// A polite live region: screen readers announce each new text put in it. The element stays in
// the page; its text is emptied, then set on the next frame, so a repeated text is announced
// again. Hidden from sight (the page shows the same words elsewhere).

const HIDDEN = [
  "position:absolute",
  "width:1px",
  "height:1px",
  "padding:0",
  "margin:-1px",
  "overflow:hidden",
  "clip:rect(0 0 0 0)",
  "white-space:nowrap",
  "border:0",
].join(";");

function render({ model, el }) {
  const region = document.createElement("div");
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.className = "tt-live";
  region.style.cssText = HIDDEN;
  el.append(region);
  let pending = 0;

  function say() {
    region.textContent = "";
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      region.textContent = model.get("text") || "";
    });
  }

  model.on("change:serial", say);
  return () => {
    cancelAnimationFrame(pending);
    model.off("change:serial", say);
  };
}

export default { render };
