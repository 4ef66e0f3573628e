"""The demo's players are people of the site, so its rating lists and person pages show
something: each player (each pair member) linked to a new person, as a director would on
the entrant's People page."""

from ..actions import people


def link_everyone(event, director):
    for entrant in event.entrants.order_by("number"):
        for member in range(len(entrant.members) if entrant.is_pair else 1):
            people.link_new_person(entrant, director, member=member)
