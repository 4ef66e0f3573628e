"""One answer shape for every refusal, and never a 500 for a body the server cannot read."""

import logging

from django.core.exceptions import RequestDataTooBig
from ninja.errors import AuthenticationError, HttpError, ValidationError

from ..middleware import is_outage, unavailable
from ..web.limits import TooMany, too_many
from .serialize import bad_format

log = logging.getLogger("tournament.api")


def where(loc) -> str:
    """A pydantic location as a JSON pointer into the request (body fields without 'body')."""
    parts = [str(p) for p in loc]
    if parts and parts[0] in ("body", "query", "path"):
        parts = parts[1:]
    if parts and parts[0] == "body":  # ninja names the whole body parameter 'body' again
        parts = parts[1:]
    return "/" + "/".join(parts) if parts else ""


def explain(error) -> str:
    path = where(error.get("loc", ()))
    message = error.get("msg", "is not valid")
    if message.startswith("Value error, /"):  # our own validators name the pointer inside
        return message.removeprefix("Value error, ")
    return f"{path or 'the request'}: {message}"


def pointer_of(error) -> str:
    message = error.get("msg", "")
    if message.startswith("Value error, /"):
        return message.removeprefix("Value error, ").split(":")[0].split(" (")[0]
    return where(error.get("loc", ()))


def carries_record(request) -> bool:
    """Only a write sends a body the validator's report can point into; a read's bad
    query gets its words alone."""
    return request.method not in ("GET", "HEAD")


def install(api):
    @api.exception_handler(ValidationError)
    def invalid(request, exc):
        messages = [explain(e) for e in exc.errors]
        report = bad_format(messages[0] if messages else "the request is not valid")
        report["errors"] = [{"path": pointer_of(e), "code": "bad_format",
                             "message": explain(e)} for e in exc.errors] or report["errors"]
        body = {"detail": "Bad request: " + "; ".join(messages)}
        if carries_record(request):
            body["report"] = report
        return api.create_response(request, body, status=400)

    @api.exception_handler(HttpError)
    def http_error(request, exc):
        body = {"detail": str(exc)}
        if exc.status_code == 400 and carries_record(request):
            body["report"] = bad_format(str(exc))
        response = api.create_response(request, body, status=exc.status_code)
        if isinstance(exc, AuthenticationError):
            body["detail"] = ("Send your API token as 'Authorization: Token <key>' (a "
                              "player: 'Authorization: Player <key>'): this one is not "
                              "current.")
            response = api.create_response(request, body, status=401)
            response["WWW-Authenticate"] = "Token"
        return response

    @api.exception_handler(TooMany)
    def limited(request, exc):
        return too_many(exc.wait, exc.what)

    @api.exception_handler(RequestDataTooBig)
    def too_big(request, exc):
        from django.conf import settings
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return api.create_response(request, {"detail": f"The request body is over {limit} "
                                             "bytes, the most this server reads."}, status=413)

    @api.exception_handler(Exception)
    def server_fault(request, exc):
        """Whatever else went wrong still answers JSON: 503 if the database is away, else 500."""
        if is_outage(exc):
            log.warning("API request while the database is unavailable: %s", exc)
            return unavailable(request, exc)
        log.exception("API request failed: %s %s", request.method, request.path)
        return api.create_response(request, {"detail": "Server error: the request could not "
                                             "be completed. It has been logged."}, status=500)
