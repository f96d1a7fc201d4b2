// The dashboard's charts: each <div data-figure="id"> is drawn from the JSON in
// <script type="application/json" id="id"> (json_script), with the plotly.js that ships inside
// the plotly Python package. No inline script: the Content-Security-Policy forbids it. The
// charts are drawn again after every HTMX swap of the results (a filter changed).
(function () {
  "use strict";

  var CONFIG = { responsive: true, displayModeBar: false, displaylogo: false };

  function draw(root) {
    if (typeof window.Plotly === "undefined") {
      return;
    }
    root.querySelectorAll("[data-figure]").forEach(function (element) {
      var source = document.getElementById(element.getAttribute("data-figure"));
      if (!source) {
        return;
      }
      var figure = JSON.parse(source.textContent);
      window.Plotly.newPlot(element, figure.data, figure.layout, CONFIG).then(function () {
        element.setAttribute("data-drawn", "true");
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    draw(document);
  });
  document.body.addEventListener("htmx:afterSettle", function (event) {
    draw(event.detail.elt || document);
  });
})();
