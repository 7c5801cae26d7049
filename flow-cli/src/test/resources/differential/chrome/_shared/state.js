// Differential-test pages report their state with bfReport(pageName, state): a synchronous POST
// to the test server (relative to the page), so no report is still in flight when a replay ends.
window.bfReport = function (page, state) {
  var x = new XMLHttpRequest();
  x.open('POST', 'state?page=' + encodeURIComponent(page), false);
  x.setRequestHeader('Content-Type', 'application/json');
  x.send(JSON.stringify(state));
};

// Reports which element each click landed on, by id (the tag name without one), in order, as
// {clicked: [...]} under pageName; a click inside a shadow root counts for the element itself, and
// a link's navigation is prevented so the page stays to report.
window.bfReportClicks = function (page) {
  var state = { clicked: [] };
  window.bfReport(page, state);
  document.addEventListener("click", function (e) {
    var t = e.composedPath()[0];
    var el = t.closest("[id]");
    if (t.closest("a")) { e.preventDefault(); }
    state.clicked.push(el ? el.id : t.nodeName);
    window.bfReport(page, state);
  });
};

// Reports how often the button with this id was pressed, as {presses: n}, under the page name the
// URL's ?name= gives (defaultName otherwise), so one page can stand for several; then, after each
// press is reported, calls then (when given): a navigation or a popup the press sets going.
window.bfReportPresses = function (id, defaultName, then) {
  var name = new URLSearchParams(location.search).get('name') || defaultName;
  var state = { presses: 0 };
  window.bfReport(name, state);
  document.getElementById(id).addEventListener('click', function () {
    state.presses++;
    window.bfReport(name, state);
    if (then) { then(); }
  });
};
