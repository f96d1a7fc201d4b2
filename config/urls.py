from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from summaries import views as summary_views

urlpatterns = [
    path("", summary_views.home, name="home"),
    path("healthz", summary_views.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("evaluations/", include("evaluations.urls")),
    path("admin/", admin.site.urls),
]
