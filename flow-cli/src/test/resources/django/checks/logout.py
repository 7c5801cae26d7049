# After `logout`: admin logged in (last_login set) and logged out again (no session of admin left).
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session

admin = get_user_model().objects.get(username="admin")
assert admin.last_login is not None, "admin.last_login is not set: admin never logged in"
sessions = [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(admin.pk)]
assert not sessions, "admin still has %d session(s): the logout did not happen" % len(sessions)
print("CHECK OK")
