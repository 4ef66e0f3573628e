"""One answer shape for every refusal, and never a 500 for a body the server cannot read."""

from ninja.errors import AuthenticationError, HttpError, ValidationError

from .serialize import bad_format


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
    return f"{path or 'the request'}: {error.get('msg', 'is not valid')}"


def install(api):
    @api.exception_handler(ValidationError)
    def invalid(request, exc):
        messages = [explain(e) for e in exc.errors]
        report = bad_format(messages[0] if messages else "the request is not valid")
        report["errors"] = [{"path": where(e.get("loc", ())), "code": "bad_format",
                             "message": explain(e)} for e in exc.errors] or report["errors"]
        return api.create_response(
            request, {"detail": "Bad request: " + "; ".join(messages), "report": report},
            status=400)

    @api.exception_handler(HttpError)
    def http_error(request, exc):
        body = {"detail": str(exc)}
        if exc.status_code == 400:
            body["report"] = bad_format(str(exc))
        response = api.create_response(request, body, status=exc.status_code)
        if isinstance(exc, AuthenticationError):
            body["detail"] = "Send your API token as 'Authorization: Token <key>'."
            response = api.create_response(request, body, status=401)
            response["WWW-Authenticate"] = "Token"
        return response
