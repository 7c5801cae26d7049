// Differential-test pages report their state with bfReport(pageName, state): a synchronous POST
// to the test server (relative to the page), so no report is still in flight when a replay ends.
window.bfReport = function (page, state) {
  var x = new XMLHttpRequest();
  x.open('POST', 'state?page=' + encodeURIComponent(page), false);
  x.setRequestHeader('Content-Type', 'application/json');
  x.send(JSON.stringify(state));
};
