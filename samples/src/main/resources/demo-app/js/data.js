/*
 * The demo app's data: 23 devices generated deterministically, plus the meter rebinds saved in this
 * browser tab (sessionStorage, so every new browser context starts from the same data).
 *
 * Device ids run from 1000000150601081271 to 1000000150601081293; every fourth device (index 3, 7,
 * 11, 15, 19) has no meter bound.
 */
(function () {
  'use strict';

  var STATIONS = ['城东一号台区', '城西二号台区', '南湖台区', '北苑台区', '高新三号台区'];
  var REBINDS_KEY = 'bf-demo-rebinds';
  var USER_KEY = 'bf-demo-user';

  var base = [];
  for (var i = 0; i < 23; i++) {
    var unbound = i % 4 === 3;
    base.push({
      id: '100000015060108' + (1271 + i),
      meter: unbound ? '' : '33001002500' + (10 + i),
      station: STATIONS[i % STATIONS.length]
    });
  }

  function rebinds() {
    try {
      return JSON.parse(sessionStorage.getItem(REBINDS_KEY) || '{}');
    } catch (e) {
      return {};
    }
  }

  /** Every device with the meter it has now (a saved rebind wins over the base data). */
  function devices() {
    var saved = rebinds();
    return base.map(function (d) {
      var meter = saved[d.id] ? saved[d.id].meter : d.meter;
      return { id: d.id, meter: meter, station: d.station, status: meter ? 'bound' : 'unbound' };
    });
  }

  function find(id) {
    return devices().filter(function (d) { return d.id === id; })[0] || null;
  }

  /** Devices whose id contains the query (blank: all), optionally only those with a status. */
  function search(query, status) {
    var q = (query || '').trim();
    return devices().filter(function (d) {
      return (!q || d.id.indexOf(q) >= 0) && (!status || d.status === status);
    });
  }

  function saveRebind(id, meter, reason) {
    var saved = rebinds();
    saved[id] = { meter: meter, reason: reason };
    sessionStorage.setItem(REBINDS_KEY, JSON.stringify(saved));
  }

  function toCsv(list) {
    var lines = ['DEVICE_ID,METER_NO,STATION,STATUS'];
    list.forEach(function (d) {
      lines.push([d.id, d.meter, d.station, d.status].join(','));
    });
    return lines.join('\r\n') + '\r\n';
  }

  window.DemoData = {
    devices: devices,
    find: find,
    search: search,
    saveRebind: saveRebind,
    toCsv: toCsv,
    user: function () { return sessionStorage.getItem(USER_KEY); },
    signIn: function (name) { sessionStorage.setItem(USER_KEY, name); },
    signOut: function () { sessionStorage.removeItem(USER_KEY); sessionStorage.removeItem(REBINDS_KEY); }
  };
})();
