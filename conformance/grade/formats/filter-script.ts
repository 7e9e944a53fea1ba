/**
 * The one inline script of the kit's HTML pages: the rule filters.
 */

/**
 * Script for a page holding one `<form class="filters" hidden>` whose
 * controls carry `data-filter="<name>"`, and rows `<tr data-rule ...
 * data-<name>="...">`. It un-hides the form, and on every change hides the
 * rows whose `data-<name>` differs from a control's non-empty value (a
 * checkbox counts only when checked, with its `value`), then writes
 * "N of M rules shown" into the element `[data-testid="shown"]`. Without
 * JavaScript the form stays hidden and every row is shown. Uses only DOM
 * APIs, no network, no storage.
 */
export const FILTER_SCRIPT = `(function () {
  var form = document.querySelector('form.filters');
  if (!form) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-rule]'));
  var shown = document.querySelector('[data-testid="shown"]');
  function apply() {
    var wanted = [];
    Array.prototype.forEach.call(form.querySelectorAll('[data-filter]'), function (control) {
      var value = control.type === 'checkbox' ? (control.checked ? control.value : '') : control.value;
      if (value !== '') wanted.push([control.getAttribute('data-filter'), value]);
    });
    var count = 0;
    rows.forEach(function (row) {
      var keep = wanted.every(function (w) { return row.getAttribute('data-' + w[0]) === w[1]; });
      row.hidden = !keep;
      if (keep) count += 1;
    });
    if (shown) shown.textContent = count + ' of ' + rows.length + ' rules shown';
  }
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  form.hidden = false;
  apply();
})();
`
