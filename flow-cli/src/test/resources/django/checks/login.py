# After `login`: the bad password is refused, then admin logs in: the server holds a session for admin.
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session

admin = get_user_model().objects.get(username="admin")
assert admin.last_login is not None, "admin.last_login is not set: admin never logged in"
sessions = [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(admin.pk)]
assert len(sessions) == 1, "expected 1 session of admin, found %d" % len(sessions)
print("CHECK OK")
