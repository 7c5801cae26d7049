# After `bulk-action`: "A Wizard of Earthsea" and "Solaris" published by the action; "The Cyberiad" still draft.
from library.models import Book

status = dict(Book.objects.values_list("title", "status"))
assert status.get("A Wizard of Earthsea") == "published", "A Wizard of Earthsea is %r" % status.get("A Wizard of Earthsea")
assert status.get("Solaris") == "published", "Solaris is %r" % status.get("Solaris")
assert status.get("The Cyberiad") == "draft", "The Cyberiad is %r (it was not selected)" % status.get("The Cyberiad")
assert status.get("The Left Hand of Darkness") == "published", "The Left Hand of Darkness is %r" % status.get("The Left Hand of Darkness")
assert len(status) == 4, "books are %s" % sorted(status)
print("CHECK OK")
