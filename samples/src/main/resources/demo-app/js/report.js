/* The summary report, opened in a new tab from #/reports: figures over the built-in data set. */
(function () {
  'use strict';

  var list = DemoData.devices();
  var bound = list.filter(function (d) { return d.status === 'bound'; }).length;
  document.querySelector('[data-testid=report-total]').textContent = String(list.length);
  document.querySelector('[data-testid=report-bound]').textContent = String(bound);
  document.querySelector('[data-testid=report-unbound]').textContent = String(list.length - bound);
  document.querySelector('[data-testid=report-generated]').textContent =
    'Generated ' + new Date().toLocaleString('en-GB') + ' for the demo data set.';

  var stations = {};
  list.forEach(function (d) {
    var s = stations[d.station] || (stations[d.station] = { total: 0, bound: 0 });
    s.total++;
    if (d.status === 'bound') {
      s.bound++;
    }
  });
  var body = document.querySelector('[data-testid=report-stations] tbody');
  Object.keys(stations).forEach(function (name) {
    var s = stations[name];
    var row = document.createElement('tr');
    [name, s.total, s.bound, s.total - s.bound].forEach(function (value, i) {
      var cell = document.createElement('td');
      if (i === 0) {
        cell.lang = 'zh-CN';
      }
      cell.textContent = String(value);
      row.appendChild(cell);
    });
    body.appendChild(row);
  });
})();
