"""The form of "Import an event": a TRF(x) file or an archive, and an optional web address."""

import json

from django import forms
from django.conf import settings

from ..text.folding import web_address
from .forms import Text

TRF = "trf"
ARCHIVE = "archive"
KIND_WORDS = {TRF: "TRF file", ARCHIVE: "archive"}


def max_bytes() -> int:
    """The largest file taken (docs/deploy.md, Limits): an archive of a big event at
    play-by-play depth runs to megabytes."""
    return getattr(settings, "MAX_IMPORT_BYTES", 20 * 1024 * 1024)


def kind_of(text: str) -> str:
    """An archive is a JSON object; anything else is read as TRF (whose lines start with
    a three-digit code)."""
    return ARCHIVE if text.lstrip().startswith("{") else TRF


class ImportEventForm(forms.Form):
    file = forms.FileField(
        label="TRF or archive file",
        help_text="A TRF(x) file (as Swiss-Manager or bbpPairings write it) or an archive "
                  "downloaded from this site (.json). Everything in it is imported, or "
                  "nothing.")
    slug = Text(
        label="Web address", max_length=60, required=False,
        help_text="Letters, digits and hyphens; left empty, it is made from the event's name.")
    hidden = forms.BooleanField(
        label="Import it hidden from the public", required=False,
        help_text="Only its officials see it until you show it (Settings, Public or hidden): "
                  "check the import first.")

    def clean_slug(self):
        slug = self.cleaned_data["slug"].strip()
        if slug and not web_address(slug):
            raise forms.ValidationError("Use letters, digits and hyphens.")
        return slug

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = max_bytes()
        if upload.size > limit:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; an import may be at most {limit:,} bytes.")
        raw = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "The file is not UTF-8 text: save it as UTF-8 and choose it again.") from None
        if not text.strip():
            raise forms.ValidationError("The file is empty.")
        if kind_of(text) == ARCHIVE:
            # Read here, so that neither the request nor the job meets a file that is no
            # JSON at all; the importer checks the rest and names the path of a problem.
            try:
                json.loads(text)
            except ValueError as exc:
                raise forms.ValidationError(f"The archive is not JSON: {exc}.") from None
            except RecursionError:
                raise forms.ValidationError(
                    "The archive is nested too deeply to be one.") from None
        return text

    def payload(self) -> str:
        """What the job keeps: the text, the web address and whether to hide the event
        (tasks.from_trf/from_archive)."""
        return json.dumps({"text": self.cleaned_data["file"], "slug": self.cleaned_data["slug"],
                           "hidden": self.cleaned_data["hidden"]})
