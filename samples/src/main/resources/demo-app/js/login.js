/* Login page: the demo credentials are checked in the browser (demo / demo-pass). */
(function () {
  'use strict';

  var form = document.getElementById('login-form');
  var user = document.getElementById('username');
  var password = document.getElementById('password');
  var button = form.querySelector('button[type=submit]');
  var error = form.querySelector('[role=alert]');

  function fail(message) {
    error.textContent = message;
    error.hidden = false;
    button.disabled = false;
    button.textContent = 'Sign in';
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.hidden = true;
    if (!user.value.trim() || !password.value) {
      fail('Enter your username and password. 请输入用户名和密码');
      return;
    }
    button.disabled = true;
    button.textContent = 'Signing in…';
    // a short round trip, as a real login would take
    setTimeout(function () {
      if (user.value.trim() === 'demo' && password.value === 'demo-pass') {
        DemoData.signIn('demo');
        location.assign('app.html#/');
      } else {
        password.value = '';
        fail('Wrong username or password. 用户名或密码错误');
      }
    }, 250);
  });
})();
