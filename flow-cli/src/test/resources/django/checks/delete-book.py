# After `delete-book`: Solaris is gone, the other three books remain.
from library.models import Book

assert not Book.objects.filter(title="Solaris").exists(), "Solaris was not deleted"
titles = sorted(Book.objects.values_list("title", flat=True))
assert titles == ["A Wizard of Earthsea", "The Cyberiad", "The Left Hand of Darkness"], "books are %s" % titles
print("CHECK OK")
