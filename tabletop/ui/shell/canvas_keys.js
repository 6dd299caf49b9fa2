// Tab and Shift+Tab pressed on a canvas move the focus on: stopped on their way down (the
// capture phase), they never reach ipycanvas's handler, which would cancel them.

function releaseTab(event) {
  if (event.key === "Tab" && event.target instanceof HTMLCanvasElement) {
    event.stopPropagation();
  }
}

function render() {
  document.addEventListener("keydown", releaseTab, true);
  return () => document.removeEventListener("keydown", releaseTab, true);
}

export default { render };
