from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # An invited official replaces the password the director chose (and so knows).
    path("accounts/password/", auth_views.PasswordChangeView.as_view(
        template_name="account/password_change.html"), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(
        template_name="account/password_changed.html"), name="password_change_done"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("tournament.api.urls")),
    path("manage/", include("tournament.director.urls")),
    path("arbiter/", include("tournament.arbiter.urls")),
    path("", include("tournament.offline.urls")),
    path("me/", include("tournament.players.urls")),
    path("", include("tournament.players.enter_urls")),
    path("", include("tournament.public.urls")),
]

# Outages answer 503 (and the API JSON) whatever part of the request met them.
handler500 = "tournament.middleware.server_error"
# Refusals and missing pages in the site's layout, saying why; JSON under /api/.
handler403 = "tournament.public.error_pages.permission_denied"
handler404 = "tournament.public.error_pages.page_not_found"
