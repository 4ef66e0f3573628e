"""Who may open a director's screen (an arbiter and nothing more lands on result entry
instead), and how an action's refusal reaches the form."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404

from ..actions import ActionError, PermissionDenied
from ..models import Official, Tournament


def arbiter_only(user) -> bool:
    """An account that enters results and directs nothing: it lands on result entry."""
    if not user.is_authenticated or user.is_superuser or user.has_perm(
            "tournament.direct_events"):
        return False
    roles = set(Official.objects.filter(user=user).values_list("role", flat=True))
    return roles == {Official.Role.ARBITER}


def director_view(view):
    """Signed in, the event is one the user runs (else 404) and directs (else 403).

    The view receives the event instead of its slug. An action refusing on
    permission grounds is a 403 too, so no screen depends on a template hiding a button.
    """

    @login_required
    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        event = Tournament.objects.run_by(request.user).filter(slug=slug).first()
        if event is None:
            raise Http404("No event of yours has this web address.")
        if not event.is_director(request.user):
            raise PermissionDenied(f"Only a director of {event.name} may use this page.")
        # An action's PermissionDenied is Django's too: the 403 page shows its message.
        return view(request, event, *args, **kwargs)

    return wrapper


def show_refusal(request, form, exc: ActionError):
    """Put an action's field errors next to the form's fields; the rest above the form."""
    for field, problems in exc.errors.items():
        target = field if form is not None and field in form.fields else None
        for problem in problems:
            if form is not None:
                form.add_error(target, str(problem))
    messages.error(request, exc.message)
