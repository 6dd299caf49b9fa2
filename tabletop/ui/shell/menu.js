// A drop-down menu that tells the kernel the value chosen, not its place in the list (see
// menu.py): the place is read here, against the options this page shows.

let made = 0;

function render({ model, el }) {
  // ipywidgets' own classes and structure, so the pages' styles apply as to its Dropdown.
  el.classList.add("jupyter-widgets", "widget-inline-hbox", "widget-dropdown");
  const label = document.createElement("label");
  label.className = "widget-label";
  const select = document.createElement("select");
  made += 1;
  select.id = label.htmlFor = `tt-menu-${made}-${Math.random().toString(36).slice(2)}`;
  el.append(label, select);
  let shown = [];

  const draw = () => {
    const description = model.get("description");
    label.textContent = description;
    label.title = description;
    label.style.display = description ? "" : "none";
    const options = model.get("options");
    if (options !== shown) {
      select.replaceChildren(
        ...options.map(([text]) => {
          const option = document.createElement("option");
          option.textContent = text.replace(/ /g, "\u00a0");
          option.value = text;
          return option;
        }),
      );
      shown = options;
    }
    const value = model.get("value");
    select.selectedIndex = options.findIndex((option) => option[1] === value);
    select.disabled = model.get("disabled");
  };

  const chosen = () => {
    const option = shown[select.selectedIndex];
    if (option === undefined || option[1] === model.get("value")) return;
    model.set("value", option[1]);
    model.save_changes();
  };

  select.addEventListener("change", chosen);
  const names = ["options", "value", "description", "disabled"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, draw);
  };
}

export default { render };
