// The Massai board for the keyboard and screen readers: a grid (role="grid") laid over the
// board's canvas. One square at a time is in the tab order (a roving tabindex); the arrow keys
// move, Enter or Space chooses (a message to the kernel: the same intent as a click). Served
// from the package (anywidget's _esm): nothing is fetched from elsewhere.

const MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

function render({ model, el }) {
  const grid = document.createElement("div");
  grid.className = "tt-massai-grid";
  grid.setAttribute("role", "grid");
  el.append(grid);

  let at = [0, 0]; // the row (from the top) and column of the square in the tab order
  let shape = "";
  let cellsShown = []; // cellsShown[row][column]: the gridcell elements

  function cellAt(row, column) {
    return (cellsShown[row] || [])[column] || null;
  }

  // Move the tab stop to (row, column), clamped to the board; focus it when asked.
  function moveTo(row, column, focus) {
    const rows = cellsShown.length;
    if (!rows) return;
    const columns = cellsShown[0].length;
    row = Math.max(0, Math.min(rows - 1, row));
    column = Math.max(0, Math.min(columns - 1, column));
    const old = cellAt(at[0], at[1]);
    if (old) old.tabIndex = -1;
    at = [row, column];
    const cell = cellAt(row, column);
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  function onKey(event) {
    const rows = cellsShown.length;
    const columns = rows ? cellsShown[0].length : 0;
    let [row, column] = at;
    if (event.key in MOVES) {
      row += MOVES[event.key][0];
      column += MOVES[event.key][1];
    } else if (event.key === "Home") {
      if (event.ctrlKey) row = 0;
      column = 0;
    } else if (event.key === "End") {
      if (event.ctrlKey) row = rows - 1;
      column = columns - 1;
    } else if (event.key === "PageUp") {
      row = 0;
    } else if (event.key === "PageDown") {
      row = rows - 1;
    } else if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      const cell = cellAt(row, column);
      if (cell && !event.repeat) model.send({ choose: cell.dataset.square });
      return;
    } else {
      return;
    }
    event.preventDefault();
    moveTo(row, column, true);
  }

  function build(cells) {
    grid.replaceChildren();
    cellsShown = cells.map((cellRow, r) => {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      grid.append(line);
      return cellRow.map((cell, c) => {
        const box = document.createElement("div");
        box.setAttribute("role", "gridcell");
        box.tabIndex = -1;
        box.dataset.square = cell.square;
        const words = document.createElement("span");
        words.className = "tt-sr-only";
        box.append(words);
        box.addEventListener("focus", () => {
          if (at[0] !== r || at[1] !== c) moveTo(r, c, false);
        });
        line.append(box);
        return box;
      });
    });
    // The tab stop starts on the bottom-left square (a1, Player 1's corner).
    at = [Math.max(cellsShown.length - 1, 0), 0];
    moveTo(at[0], at[1], false);
  }

  // The words change in place: the square with the focus keeps it.
  function fill() {
    const cells = model.get("cells") || [];
    const now = cells.map((row) => row.map((cell) => cell.square).join(",")).join(";");
    if (now !== shape) {
      shape = now;
      build(cells);
    }
    cells.forEach((cellRow, r) =>
      cellRow.forEach((cell, c) => {
        const box = cellAt(r, c);
        box.firstChild.textContent = cell.words;
        box.dataset.hut = String(cell.hut);
        box.setAttribute("aria-selected", cell.chosen ? "true" : "false");
      }),
    );
    grid.setAttribute("aria-label", model.get("label") || "");
    place();
  }

  // Over the canvas's squares (not its margins), whatever size the page shows it at.
  function canvas() {
    const name = model.get("canvas_class");
    const box = el.parentElement;
    return box && name ? box.querySelector(`canvas.${name}`) : null;
  }

  function place() {
    const board = canvas();
    const frame = model.get("frame") || {};
    if (!board || !frame.width || !frame.height) return;
    const drawn = board.getBoundingClientRect();
    const here = el.getBoundingClientRect();
    const scale = drawn.width / frame.width;
    const margin = (frame.margin || 0) * scale;
    grid.style.left = `${drawn.left - here.left + margin}px`;
    grid.style.top = `${drawn.top - here.top + margin}px`;
    grid.style.width = `${drawn.width - 2 * margin}px`;
    grid.style.height = `${drawn.height - 2 * margin}px`;
  }

  grid.addEventListener("keydown", onKey);
  const fields = ["cells", "label", "frame"];
  for (const name of fields) model.on(`change:${name}`, fill);
  const watched = new ResizeObserver(place);
  // The canvas may be shown after this widget: look for it on the next frames too.
  let tries = 0;
  let released = null; // the canvas whose Tab key is given back to the page
  // ipycanvas takes every key pressed on its canvas (Tab included: a keyboard trap); the grid
  // is the board's keyboard, so the canvas leaves the tab order and a Tab on it (after a
  // click) moves the focus on as anywhere else.
  function releaseTab(event) {
    if (event.key === "Tab" && event.target === released) event.stopPropagation();
  }
  function watchCanvas() {
    const board = canvas();
    if (board) {
      watched.observe(board);
      board.setAttribute("tabindex", "-1");
      released = board;
      el.parentElement.addEventListener("keydown", releaseTab, true);
      place();
    } else if (tries++ < 600) {
      requestAnimationFrame(watchCanvas);
    }
  }
  window.addEventListener("resize", place);
  fill();
  watchCanvas();

  return () => {
    watched.disconnect();
    if (released && el.parentElement) {
      el.parentElement.removeEventListener("keydown", releaseTab, true);
    }
    window.removeEventListener("resize", place);
    grid.removeEventListener("keydown", onKey);
    for (const name of fields) model.off(`change:${name}`, fill);
  };
}

export default { render };
