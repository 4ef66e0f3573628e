/* Small controls every page may carry, wired here because the Content-Security-Policy
   allows no inline handlers (docs/deploy.md): a button marked data-print prints the page
   (hidden without scripts, where it could do nothing), and a select marked
   data-autosubmit sends its form when changed (a <noscript> button does without). */
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
})();
