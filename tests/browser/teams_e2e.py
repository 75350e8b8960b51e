"""A team runs itself in headless Chromium, every mail through the local SMTP catcher: the owner
invites a manager, who accepts from the mail's link as a new person and invites a member, who
accepts too; the member cannot open the settings; the owner makes the manager a member; a reset
mail's link changes the member's password and their old session is gone. Screenshots of every
page at 1280 and 375 px, each checked by axe-core.

Usage: python teams_e2e.py BASE_URL OWNER_EMAIL OWNER_PASSWORD WORKSPACE_ID
(SMTP_TEST_MAILDIR: the catcher's Maildir, which the dev server's SMTP_URL delivers to.)
"""

import email
import email.policy
import os
import re
import sys
import time

from browser import check, chromium, new_context, screenshots, sign_in


def mails_to(address):
    """The messages the catcher holds for `address`, oldest first."""
    folder = os.path.join(os.environ["SMTP_TEST_MAILDIR"], "new")
    found = []
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        with open(path, "rb") as handle:
            message = email.message_from_binary_file(handle, policy=email.policy.default)
        if address.lower() in str(message["To"] or "").lower():
            found.append((os.path.getmtime(path), message))
    return [message for _, message in sorted(found, key=lambda pair: pair[0])]


def link_in_mail(address, kind):
    """The link to /account/<kind>/ in the newest mail to `address` that has one (waits up to
    10 s for it)."""
    pattern = re.compile(r"https?://\S+/account/" + kind + r"/\S+")
    deadline = time.time() + 10
    while True:
        found = [
            (message, match)
            for message in mails_to(address)
            if (match := pattern.search(message.get_body(preferencelist=("plain",)).get_content()))
        ]
        if found:
            break
        if time.time() > deadline:
            raise SystemExit(f"FAILED: no mail to {address} with a {kind} link within 10 s")
        time.sleep(0.2)
    message, match = found[-1]
    check(message["From"].addresses[0].display_name == "Smart links", f"the mail to {address} is from Smart links")
    html = message.get_body(preferencelist=("html",)).get_content()
    check(match.group(0) in html.replace("&amp;", "&"), f"the {kind} mail's HTML part carries the same link")
    return match.group(0)


def invite(page, base, ws, address, role):
    page.goto(f"{base}/app/w/{ws}/settings")
    page.get_by_label("Email", exact=True).fill(address)
    page.get_by_label("Role", exact=True).select_option(role)
    page.get_by_role("button", name="Send the invitation").click()
    page.wait_for_url(re.compile(r".*/settings#invitations$"))
    check(page.get_by_text(f"Invitation sent to {address}.").is_visible(), f"the invitation to {address} is sent")


def accept_as_new_person(browser, base, ws, address, name, password, shot=None):
    """A new person opens the mailed link in their own browser, sets a name and a password."""
    context = new_context(browser)
    page = context.new_page()
    page.goto(link_in_mail(address, "invitations"))
    check(page.get_by_role("heading", name=re.compile("^Join ")).is_visible(), f"{address} sees the invitation")
    check(page.locator('input[name="email"]').input_value() == address, "the invited address is shown")
    if shot:
        screenshots(page, shot)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Choose a password").fill(password)
    page.get_by_role("button", name=re.compile("^Join ")).click()
    page.wait_for_url(f"{base}/app/w/{ws}/links")
    check(page.get_by_text("Welcome: you joined").is_visible(), f"{name} joined and is signed in")
    return context, page


def main(base, owner_email, owner_password, ws):
    stamp = f"{int(time.time())}-{os.getpid()}"
    manager_email = f"manager-{stamp}@example.com"
    member_email = f"member-{stamp}@example.com"
    with chromium() as browser:
        owner_context = new_context(browser)
        owner = owner_context.new_page()
        sign_in(owner, base, owner_email, owner_password, ws)
        owner.goto(f"{base}/app/w/{ws}/settings")
        screenshots(owner, "team-settings-owner")
        invite(owner, base, ws, manager_email, "manager")

        manager_context, manager = accept_as_new_person(
            browser, base, ws, manager_email, "Mia Manager", "the manager's own password", "team-invitation"
        )
        manager.goto(f"{base}/app/w/{ws}/settings")
        check(
            manager.locator("#invite-role option").all_inner_texts() == ["member"],
            "a manager may invite members only",
        )
        screenshots(manager, "team-settings-manager")
        invite(manager, base, ws, member_email, "member")

        member_context, member = accept_as_new_person(
            browser, base, ws, member_email, "Max Member", "the member's first password"
        )
        check(member.get_by_role("link", name="Settings").count() == 0, "a member's navigation has no settings")
        answer = member.goto(f"{base}/app/w/{ws}/settings")
        check(answer.status == 403, "a member cannot open the settings")
        check(
            member.get_by_text("Only the workspace's owner and managers can open its settings.").is_visible(),
            "the member is told who can",
        )
        screenshots(member, "team-settings-refused")

        owner.goto(f"{base}/app/w/{ws}/settings")
        row = owner.get_by_role("row").filter(has_text=manager_email)
        row.get_by_label("Role of Mia Manager").select_option("member")
        row.get_by_role("button", name="Change role").click()
        owner.wait_for_url(re.compile(r".*/settings#members$"))
        check(owner.get_by_text("Mia Manager is now a member.").is_visible(), "the owner made the manager a member")
        row = owner.get_by_role("row").filter(has_text=manager_email)
        check(row.get_by_role("cell", name="member", exact=True).count() == 1, "the list shows the new role")
        manager.goto(f"{base}/app/w/{ws}/settings")
        check(manager.locator("h1").inner_text() == "Not allowed", "the former manager cannot open the settings now")

        stranger_context = new_context(browser)
        stranger = stranger_context.new_page()
        stranger.goto(f"{base}/account/sign-in")
        stranger.get_by_role("link", name="Forgot your password?").click()
        stranger.get_by_label("Email").fill(member_email)
        stranger.get_by_role("button", name="Send me a link").click()
        check(stranger.get_by_text("If this address has an account").is_visible(), "the reset page says one sentence")
        screenshots(stranger, "team-forgot-password")
        stranger.goto(link_in_mail(member_email, "reset-password"))
        screenshots(stranger, "team-reset-password")
        stranger.get_by_label("New password").fill("the member's second password")
        stranger.get_by_role("button", name="Set the new password").click()
        stranger.wait_for_url(re.compile(r".*/account/sign-in\?passwordReset=1$"))
        check(stranger.get_by_text("Your new password is set").is_visible(), "the new password is set")

        member.goto(f"{base}/app/w/{ws}/links")
        check("/account/sign-in" in member.url, "the member's old session is gone")
        sign_in(member, base, member_email, "the member's second password", ws)
        member.goto(f"{base}/account/profile")
        check(member.get_by_label("Your name").input_value() == "Max Member", "the profile shows the name")
        screenshots(member, "team-profile")

        for context in (owner_context, manager_context, member_context, stranger_context):
            check(not context.console_errors, f"no console errors: {context.console_errors}")
            context.close()


if __name__ == "__main__":
    main(*sys.argv[1:5])
