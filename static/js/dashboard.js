// The dashboard's charts: each <div data-figure="{...}"> is drawn from the figure JSON in its
// attribute (data and layout, built by evaluations/charts.py), with the plotly.js that ships
// inside the plotly Python package. No inline script: the Content-Security-Policy forbids it.
// The charts are drawn again after every HTMX swap of the results (a filter changed). A chart
// with a narrow variant (small multiples in one column) is drawn from it on a phone.
(function () {
  "use strict";

  var CONFIG = { responsive: true, displayModeBar: false, displaylogo: false };
  var NARROW_PX = 600;

  function draw() {
    if (typeof window.Plotly === "undefined") {
      return;
    }
    // Every chart not drawn yet: after an outerHTML swap the event's element is the old one.
    document.querySelectorAll("[data-figure]:not([data-drawn])").forEach(function (element) {
      var narrow = element.getAttribute("data-figure-narrow");
      var text = narrow && element.clientWidth < NARROW_PX ? narrow : element.getAttribute("data-figure");
      var figure = JSON.parse(text);
      element.setAttribute("data-drawn", "pending");
      window.Plotly.newPlot(element, figure.data, figure.layout, CONFIG).then(function () {
        element.setAttribute("data-drawn", "true");
      });
    });
  }

  document.addEventListener("DOMContentLoaded", draw);
  document.body.addEventListener("htmx:afterSettle", draw);
})();
