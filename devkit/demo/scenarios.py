"""Dialogue templates for the demo data: a fictional broadband and mobile provider, Tidewell.

Each scenario writes one conversation from randomised slots (people, plans, amounts, dates, ids)
and returns the facts a faithful summary would state. `generate.py` turns those facts into summary
sections and plants errors in some of them. Everything here is invented.

Long on purpose: it is the demo's script, a dozen dialogue templates read one after another, not
logic that a split would make clearer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

COMPANY = "Tidewell"

PLANS = {
    "Fiber 300": 49.0,
    "Fiber 1 Gig": 69.0,
    "Fiber 2 Gig": 94.0,
    "Mobile Unlimited": 38.0,
    "TV Essentials": 29.5,
}
# Device -> (price, faults a customer reports, as they would say them after "because").
DEVICES = {
    "Nimbus AX3 router": (
        129.0,
        ["it drops the connection every few minutes", "it restarts by itself when it gets hot"],
    ),
    "Mesh Pod 2-pack": (
        179.0,
        ["one pod never pairs with the other", "the pods keep losing the connection upstairs"],
    ),
    "StreamCube 4K": (
        89.0,
        ["the picture freezes whenever an app opens", "the remote stopped pairing with it"],
    ),
    "SmartCam Duo": (
        119.0,
        ["the night vision doesn't work", "it shows the camera as offline every evening"],
    ),
    "Outdoor Wi-Fi Extender": (
        74.0,
        ["the power light blinks amber and it never finishes starting up"],
    ),
}
CUSTOMER_FIRST = [
    "Wendell", "Ottilie", "Ravi", "Simone", "Dariusz", "Femi", "Astrid", "Cormac", "Yuna",
    "Bettina", "Kwame", "Lorenzo", "Marguerite", "Nils", "Oksana", "Tobias", "Zainab", "Hector",
]  # fmt: skip
CUSTOMER_LAST = [
    "Abernathy", "Castellanos", "Drummond", "Eriksen", "Fairbairn", "Gallo", "Holloway", "Iwata",
    "Jablonski", "Kilbride", "Mbeki", "Ostrowski", "Penhaligon", "Quist", "Rourke", "Varga",
]  # fmt: skip
STREETS = [
    "Juniper Row",
    "Ashcombe Drive",
    "Quarry Lane",
    "Heron Way",
    "Millbrook Court",
    "Vale Road",
]
WINDOWS = ["8 am to 10 am", "10 am to noon", "noon to 2 pm", "2 pm to 4 pm"]


def money(amount: float) -> str:
    return f"${amount:,.2f}"


def day(value: date) -> str:
    """Dates as agents say them: 'November 14' (no zero padding, whatever the platform)."""
    return f"{value:%B} {value.day}"


@dataclass
class Facts:
    """What a faithful summary of the conversation says, section by section."""

    situation: str
    action: list[str]  # sentences; the first is the main action, later ones can be omitted
    resolution: str  # Y, P, N or N/A
    satisfaction: str  # D or N
    entities: list[tuple[str, str]]
    next_steps: str
    products: str
    contact_reason: str
    escalated: str  # Yes or No
    reason_for_cancellation: str = "N/A"
    amounts: list[float] = field(default_factory=list)  # amounts stated, as money() renders them
    dates: list[date] = field(default_factory=list)  # dates stated, as day() renders them
    invented_action: str = ""  # plausible, never happened: material for a planted error


@dataclass
class Person:
    first: str
    last: str

    @property
    def full(self) -> str:
        return f"{self.first} {self.last}"


@dataclass
class Context:
    rng: random.Random
    channel: str  # voice or chat
    agent_first: str
    customer: Person
    started: datetime
    turns: list[tuple[str, str]] = field(default_factory=list)

    def agent(self, text: str) -> None:
        self.turns.append(("agent", text))

    def customer_says(self, text: str) -> None:
        self.turns.append(("customer", text))

    def system(self, text: str) -> None:
        self.turns.append(("system", text))

    def bot(self, text: str) -> None:
        self.turns.append(("bot", text))

    def days_ahead(self, low: int, high: int) -> date:
        return self.started.date() + timedelta(days=self.rng.randint(low, high))

    def days_ago(self, low: int, high: int) -> date:
        return self.started.date() - timedelta(days=self.rng.randint(low, high))

    def ref(self, prefix: str, digits: int = 6) -> str:
        return f"{prefix}-{self.rng.randint(10 ** (digits - 1), 10**digits - 1)}"

    def greet(self, team: str, *, verify: bool = True) -> str:
        """Open the contact as the channel does, verify the caller, and return the account number.

        Voice starts with a spoken greeting; chat with the join event. Without `verify` (returns go
        by order number) the account number is empty.
        """
        account = self.ref("TW", 8) if verify else ""
        first = self.customer.first
        if self.channel == "voice":
            self.agent(
                self.rng.choice(
                    [
                        f"Thank you for calling {COMPANY} {team}, this is {self.agent_first}. Who am I speaking with?",
                        f"{COMPANY} {team}, {self.agent_first} speaking. Can I start with your name?",
                        f"Hi, you've reached {COMPANY} {team}. My name is {self.agent_first}, may I have your name please?",
                    ]
                )
            )
            self.customer_says(f"Hi {self.agent_first}, it's {self.customer.full}.")
            if verify:
                self.agent(
                    f"Thanks, {first}. For security, can you confirm the account number or the phone number on the account?"
                )
                self.customer_says(f"The account number is {account}.")
                self.agent("Thanks, that matches our records. What can I do for you today?")
            else:
                self.agent(f"Thanks, {first}. What can I help you with today?")
        else:
            self.system(f"{self.agent_first} from {COMPANY} {team} joined the chat.")
            if verify:
                self.agent(
                    f"Hi {first}, this is {self.agent_first}. Thanks for waiting. Could you confirm your account number first?"
                )
                self.customer_says(f"sure, it's {account}")
                self.agent("Thanks, you're verified. How can I help today?")
            else:
                self.agent(
                    f"Hi {first}, this is {self.agent_first}. Thanks for waiting, how can I help?"
                )
        return account

    def close(self, *, satisfied: bool) -> None:
        self.agent(
            self.rng.choice(
                [
                    "Is there anything else I can help you with today?",
                    "Anything else I can do for you?",
                ]
            )
        )
        if satisfied:
            self.customer_says(
                self.rng.choice(
                    ["No, that's everything. Thanks for your help.", "That's all, thank you!"]
                )
            )
        else:
            self.customer_says(
                self.rng.choice(
                    [
                        "No. Honestly I'm not happy about how long this is taking.",
                        "No. I'll wait and see, but this has been a hassle.",
                    ]
                )
            )
        self.agent(f"Thanks for contacting {COMPANY}, {self.customer.first}. Take care.")
        if self.channel == "chat":
            self.system("The chat has ended.")


Scenario = Callable[[Context], Facts]


def billing_duplicate_charge(ctx: Context) -> Facts:
    rng = ctx.rng
    plan = rng.choice(["Fiber 300", "Fiber 1 Gig", "Mobile Unlimited", "TV Essentials"])
    price = PLANS[plan]
    invoice_date = ctx.days_ago(4, 12)
    invoice, refund_ref, card = ctx.ref("INV", 7), ctx.ref("RF"), str(rng.randint(1000, 9999))
    account = ctx.greet("billing")
    ctx.customer_says(
        f"My latest bill is {money(price * 2)} but my {plan} plan is {money(price)} a month. I think you charged me twice."
    )
    ctx.agent(
        f"Let me look. Invoice {invoice}, dated {day(invoice_date)}, shows the {plan} charge of {money(price)} twice."
    )
    ctx.customer_says("How does that even happen?")
    ctx.agent(
        f"The monthly renewal ran twice that day. I'm reversing the duplicate charge of {money(price)} now."
    )
    ctx.customer_says("It already came off my card. Do I get it back?")
    ctx.agent(
        f"Yes, the refund of {money(price)} goes back to the card ending in {card}. "
        f"It takes 3 to 5 business days, and the reference is {refund_ref}."
    )
    emailed = rng.random() < 0.6
    if emailed:
        ctx.customer_says("Can you send that to me in writing?")
        ctx.agent("Of course. A confirmation email is on its way to the address on file.")
    ctx.close(satisfied=True)
    action = [
        f"The agent confirmed that invoice {invoice} charged the {plan} plan twice.",
        f"The agent reversed the duplicate charge and refunded {money(price)} to the card ending in {card}, reference {refund_ref}.",
    ]
    if emailed:
        action.append("The agent emailed a written confirmation of the refund.")
    return Facts(
        situation=f"The customer was billed {money(price * 2)} on invoice {invoice} dated {day(invoice_date)}, twice the {money(price)} monthly price of the {plan} plan.",
        action=action,
        resolution="Y",
        satisfaction="N",
        entities=[
            ("account", account),
            ("invoice", invoice),
            ("invoice date", day(invoice_date)),
            ("amount billed", money(price * 2)),
            ("refund", money(price)),
            ("refund reference", refund_ref),
        ],
        next_steps=f"The refund of {money(price)} (reference {refund_ref}) should reach the card ending in {card} within 3 to 5 business days.",
        products=f"{plan}: duplicate monthly charge reversed.",
        contact_reason="Billing dispute",
        escalated="No",
        amounts=[price * 2, price],
        dates=[invoice_date],
        invented_action="The agent also added a $10.00 goodwill credit to the next bill.",
    )


def billing_late_fee(ctx: Context) -> Facts:
    rng = ctx.rng
    fee = rng.choice([12.0, 15.0, 18.0])
    balance = rng.choice([61.0, 74.5, 88.0, 103.25])
    due = ctx.days_ago(6, 15)
    full_waiver = rng.random() < 0.6
    autopay_day = rng.choice([1, 5, 15, 20])
    account = ctx.greet("billing")
    ctx.customer_says(
        f"I was charged a late fee of {money(fee)}. My bank replaced my card, so the {money(balance)} payment due on {day(due)} bounced."
    )
    ctx.agent("I'm sorry about that. I can see the failed payment and the fee.")
    ctx.customer_says(
        "I've been a customer for years and I've never been late before. Can you take it off?"
    )
    if full_waiver:
        ctx.agent(f"Yes, as a one-time courtesy I've removed the {money(fee)} late fee.")
    else:
        ctx.agent(
            f"We already waived a fee on this account this year, so the most I can do is remove half: {money(fee / 2)}."
        )
        ctx.customer_says("Only half? That's frustrating.")
        ctx.agent("I understand. It's the limit of what I'm allowed to credit.")
    ctx.customer_says("Fine. Can I set up autopay with the new card so this doesn't happen again?")
    ctx.agent(
        f"Done. Autopay will take the balance on day {autopay_day} of each month from the new card, starting next cycle."
    )
    ctx.customer_says(f"And the {money(balance)} I still owe?")
    ctx.agent("I've taken it from the new card just now, so the account is up to date.")
    ctx.close(satisfied=full_waiver)
    credited = fee if full_waiver else fee / 2
    action = [
        (
            f"The agent waived the {money(fee)} late fee as a one-time courtesy."
            if full_waiver
            else f"The agent credited half of the {money(fee)} late fee ({money(fee / 2)}), the most allowed after an earlier waiver."
        ),
        f"The agent set up autopay with the new card on day {autopay_day} of each month.",
        f"The agent took the outstanding {money(balance)} payment from the new card.",
    ]
    return Facts(
        situation=f"The customer was charged a late fee of {money(fee)} after the {money(balance)} payment due on {day(due)} failed because the bank had replaced their card.",
        action=action,
        resolution="Y" if full_waiver else "P",
        satisfaction="N" if full_waiver else "D",
        entities=[
            ("account", account),
            ("late fee", money(fee)),
            ("credit", money(credited)),
            ("payment", money(balance)),
            ("due date", day(due)),
            ("autopay day", str(autopay_day)),
        ],
        next_steps=f"Autopay starts next cycle on day {autopay_day} of the month. Nothing else is pending.",
        products="No product change; billing only.",
        contact_reason="Billing dispute",
        escalated="No",
        amounts=[fee, balance] + ([] if full_waiver else [fee / 2]),
        dates=[due],
        invented_action="The agent also switched the customer to paperless billing.",
    )


def tech_slow_internet(ctx: Context) -> Facts:
    rng = ctx.rng
    plan = rng.choice(["Fiber 300", "Fiber 1 Gig", "Fiber 2 Gig"])
    advertised = {"Fiber 300": 300, "Fiber 1 Gig": 1000, "Fiber 2 Gig": 2000}[plan]
    measured = rng.choice([18, 35, 60, 85])
    fixed = rng.random() < 0.5
    account = ctx.greet("technical support")
    ctx.customer_says(
        f"I pay for {plan} but my speed tests show about {measured} megabits. Video calls keep freezing."
    )
    ctx.agent("Is that on Wi-Fi or with a cable plugged into the router?")
    ctx.customer_says(
        rng.choice(
            ["Both, it's slow either way.", "Mostly Wi-Fi, but the laptop on a cable is slow too."]
        )
    )
    ctx.agent(
        "I'm running a line test from here. The fiber signal looks healthy, but your Nimbus AX3 router is two firmware versions behind."
    )
    ctx.agent(
        "I'm pushing the update and restarting the router remotely. It takes about five minutes."
    )
    ctx.customer_says("Okay, the lights are coming back on.")
    if fixed:
        ctx.agent("Could you run the speed test again?")
        ctx.customer_says(f"Now it says {int(advertised * 0.9)} megabits. That's much better.")
        ctx.close(satisfied=True)
        return Facts(
            situation=f"The customer's {plan} connection was running at about {measured} Mbps, and video calls were freezing.",
            action=[
                "The agent ran a remote line test and found the Nimbus AX3 router's firmware out of date.",
                "The agent updated the firmware and restarted the router remotely.",
                f"A new speed test showed about {int(advertised * 0.9)} Mbps.",
            ],
            resolution="Y",
            satisfaction="N",
            entities=[("account", account), ("plan", plan), ("router", "Nimbus AX3")],
            next_steps="None.",
            products=f"{plan}: speed restored. Nimbus AX3 router: firmware updated.",
            contact_reason="Technical fault",
            escalated="No",
            invented_action="The agent also replaced the customer's Wi-Fi password.",
        )
    visit = ctx.days_ahead(2, 5)
    window, ticket = rng.choice(WINDOWS), ctx.ref("TK")
    ctx.agent("Could you run the speed test again?")
    ctx.customer_says(f"Still only {measured + 10} megabits.")
    ctx.agent(
        "Then it's likely the fiber terminal outside. I'm raising this with our field team under ticket "
        f"{ticket} and booking a technician for {day(visit)}, {window}."
    )
    ctx.customer_says("That's days away. Isn't there anything sooner?")
    ctx.agent(
        "I'm afraid that's the first slot. The technician will call 30 minutes before arriving."
    )
    ctx.close(satisfied=False)
    return Facts(
        situation=f"The customer's {plan} connection was running at about {measured} Mbps, and video calls were freezing.",
        action=[
            "The agent ran a remote line test, updated the Nimbus AX3 router's firmware and restarted it.",
            f"The speed stayed low, so the agent raised ticket {ticket} with the field team.",
            f"The agent booked a technician visit for {day(visit)}, {window}.",
        ],
        resolution="P",
        satisfaction="D",
        entities=[
            ("account", account),
            ("plan", plan),
            ("ticket", ticket),
            ("visit", f"{day(visit)}, {window}"),
        ],
        next_steps=f"A technician visits on {day(visit)}, {window}, and calls 30 minutes ahead (ticket {ticket}).",
        products=f"{plan}: still slow, technician booked. Nimbus AX3 router: firmware updated.",
        contact_reason="Technical fault",
        escalated="Yes",
        dates=[visit],
        invented_action="The agent also credited a month of service for the slow speeds.",
    )


def tech_outage(ctx: Context) -> Facts:
    rng = ctx.rng
    plan = rng.choice(["Fiber 300", "Fiber 1 Gig", "Fiber 2 Gig"])
    area = rng.choice(["Eastbrook", "Harlow Park", "the Riverside district", "North Milton"])
    credit = round(PLANS[plan] / 30 * rng.choice([2, 3]), 2)
    ticket, restore = ctx.ref("OUT", 5), rng.choice(["6 pm", "9 pm", "midnight"])
    account = ctx.greet("technical support")
    ctx.customer_says(
        rng.choice(
            [
                "My internet has been down since this morning. I work from home, this is a disaster.",
                "Nothing is working, no internet at all since breakfast.",
            ]
        )
    )
    ctx.agent(
        f"I'm sorry. There's a known outage in {area} after a damaged cable, reference {ticket}. "
        f"Crews expect to restore service by {restore} today."
    )
    ctx.customer_says("Today? I've already lost a full day of work.")
    ctx.agent(
        f"I understand. I've added a service credit of {money(credit)} to your next bill for the downtime."
    )
    ctx.customer_says("Can you at least tell me when it's back?")
    ctx.agent("Yes, I've signed your mobile number up for text updates on this outage.")
    ctx.close(satisfied=False)
    return Facts(
        situation=f"The customer's {plan} internet had been down since the morning, and they work from home.",
        action=[
            f"The agent confirmed an outage in {area} (reference {ticket}) with service expected back by {restore}.",
            f"The agent added a {money(credit)} service credit to the next bill.",
            "The agent signed the customer up for text updates on the outage.",
        ],
        resolution="P",
        satisfaction="D",
        entities=[
            ("account", account),
            ("outage reference", ticket),
            ("area", area),
            ("credit", money(credit)),
        ],
        next_steps=f"Service should return by {restore} today; the customer will get text updates.",
        products=f"{plan}: outage, credit applied.",
        contact_reason="Technical fault",
        escalated="No",
        amounts=[credit],
        invented_action="The agent also booked a technician to check the customer's line.",
    )


def retention_cancel(ctx: Context) -> Facts:
    rng = ctx.rng
    plan = rng.choice(["Fiber 1 Gig", "Fiber 2 Gig", "TV Essentials"])
    price = PLANS[plan]
    old_price = price - rng.choice([5.0, 8.0, 10.0])
    reasons = {
        "price": (
            f"My bill went up from {money(old_price)} to {money(price)} and I can't justify it.",
            f"the price went up from {money(old_price)} to {money(price)} a month",
        ),
        "moving": (
            "I'm moving abroad next month, so I won't need it.",
            "they are moving abroad next month",
        ),
        "competitor": (
            "A neighbour pays much less with another provider, so I'm switching.",
            "a cheaper offer from another provider",
        ),
    }
    reason_key = rng.choice(sorted(reasons))
    said, reason = reasons[reason_key]
    discount = rng.choice([10.0, 12.0, 15.0])
    retained = reason_key != "moving" and rng.random() < 0.55
    account = ctx.greet("customer care")
    ctx.customer_says(f"I'd like to cancel my {plan} service. {said}")
    if reason_key == "moving":
        ctx.agent("Thanks for letting us know, and good luck with the move.")
    else:
        ctx.agent(
            f"I'm sorry to hear that. Before you go, I can offer {money(discount)} off every month for the next 12 months."
        )
    if retained:
        ctx.customer_says(
            f"So {money(price - discount)} a month? Okay, that works. I'll stay if it's in writing."
        )
        ctx.agent("It's applied from the next bill, and I'm emailing you the offer terms now.")
        ctx.close(satisfied=True)
        return Facts(
            situation=f"The customer wanted to cancel {plan} because {reason}.",
            action=[
                f"The agent offered {money(discount)} off per month for 12 months, which the customer accepted.",
                "The agent emailed the offer terms.",
            ],
            resolution="Y",
            satisfaction="N",
            reason_for_cancellation=reason[0].upper() + reason[1:] + ".",
            entities=[
                ("account", account),
                ("plan", plan),
                ("discount", f"{money(discount)} per month for 12 months"),
                ("new price", money(price - discount)),
            ],
            next_steps=f"The discounted price of {money(price - discount)} starts on the next bill.",
            products=f"{plan}: kept with a 12-month discount.",
            contact_reason="Cancellation request",
            escalated="No",
            amounts=[discount, price - discount]
            + ([old_price, price] if reason_key == "price" else []),
            invented_action="The agent also upgraded the customer's router for free.",
        )
    if reason_key != "moving":
        ctx.customer_says("No thanks, I've made up my mind.")
    end = ctx.days_ahead(10, 20)
    final_bill = round(price * rng.choice([0.4, 0.5, 0.6]), 2)
    ctx.agent(
        f"Understood. Your service ends on {day(end)}, and the final bill will be {money(final_bill)} for the part month."
    )
    ctx.customer_says("What about the router?")
    ctx.agent(
        "I'm emailing a prepaid return label. Please send the router back within 30 days of the end date."
    )
    ctx.close(satisfied=True)
    return Facts(
        situation=f"The customer called to cancel {plan} because {reason}.",
        action=[
            (
                f"The agent offered {money(discount)} off per month for 12 months; the customer declined."
                if reason_key != "moving"
                else "The agent accepted the cancellation without a retention offer, as the customer is moving abroad."
            ),
            f"The agent scheduled the service to end on {day(end)} with a final bill of {money(final_bill)}.",
            "The agent emailed a prepaid label to return the router within 30 days.",
        ],
        resolution="Y",
        satisfaction="N",
        reason_for_cancellation=reason[0].upper() + reason[1:] + ".",
        entities=[
            ("account", account),
            ("plan", plan),
            ("service end date", day(end)),
            ("final bill", money(final_bill)),
        ],
        next_steps=f"Service ends on {day(end)}. The customer returns the router with the prepaid label within 30 days.",
        products=f"{plan}: cancelled. Router: to be returned.",
        contact_reason="Cancellation request",
        escalated="No",
        amounts=[final_bill] + ([discount] if reason_key != "moving" else []),
        dates=[end],
        invented_action="The agent also waived the early termination fee.",
    )


def returns_device(ctx: Context) -> Facts:
    rng = ctx.rng
    device = rng.choice(sorted(DEVICES))
    price, faults = DEVICES[device]
    fault = rng.choice(faults)
    in_window = rng.random() < 0.65
    bought = ctx.days_ago(8, 24) if in_window else ctx.days_ago(36, 45)
    order, rma = ctx.ref("ORD", 7), ctx.ref("RMA", 5)
    ctx.greet("returns", verify=False)
    ctx.customer_says(
        f"I want to return the {device} I bought on {day(bought)}. {fault[0].upper() + fault[1:]}."
    )
    ctx.agent("Sorry to hear that. What's the order number?")
    ctx.customer_says(f"It's {order}.")
    if in_window:
        ctx.agent(f"Found it: {device}, {money(price)}. You're within the 30-day return window.")
        ctx.agent(f"I've opened return {rma} and emailed you a prepaid shipping label.")
        ctx.customer_says("When do I get my money back?")
        ctx.agent(
            f"The {money(price)} refund goes back to your original payment method within 5 days of the device reaching our warehouse."
        )
        ctx.close(satisfied=True)
        action = [
            f"The agent opened return {rma} for the {device} on order {order}.",
            "The agent emailed a prepaid shipping label.",
            f"The agent explained that the {money(price)} refund follows within 5 days of the device arriving.",
        ]
        resolution, satisfaction, escalated = "Y", "N", "No"
        next_steps = f"The customer ships the {device} with the prepaid label; the {money(price)} refund follows within 5 days of arrival."
    else:
        ctx.agent(
            f"I see it, {device}, {money(price)}. It was bought more than 30 days ago, so it's outside the return window."
        )
        ctx.customer_says("But it's faulty, it's not that I changed my mind.")
        ctx.agent(
            "Let me ask my supervisor... She's approved a replacement under warranty, but not a refund."
        )
        ctx.customer_says(
            "I'd rather have my money back, but a working one is better than nothing."
        )
        ctx.agent(
            f"I've opened warranty exchange {rma}. Send the faulty one with the prepaid label and the replacement ships when it arrives."
        )
        ctx.close(satisfied=False)
        action = [
            f"The agent found the {device} on order {order} was outside the 30-day return window.",
            f"With a supervisor's approval, the agent opened warranty exchange {rma} instead of a refund.",
            "The agent emailed a prepaid label for the faulty device.",
        ]
        resolution, satisfaction, escalated = "P", "D", "Yes"
        next_steps = f"The customer ships the faulty {device}; the replacement ships when it arrives (exchange {rma})."
    return Facts(
        situation=f"The customer wanted to return the {device} bought on {day(bought)} because {fault}.",
        action=action,
        resolution=resolution,
        satisfaction=satisfaction,
        entities=[
            ("order", order),
            ("product", device),
            ("price", money(price)),
            ("purchase date", day(bought)),
            ("return", rma),
        ],
        next_steps=next_steps,
        products=f"{device}: {'returned for a refund' if in_window else 'exchanged under warranty'}.",
        contact_reason="Return or exchange",
        escalated=escalated,
        amounts=[price],
        dates=[bought],
        invented_action="The agent also gave the customer a 10% discount code for their next order.",
    )


def scheduling_appointment(ctx: Context) -> Facts:
    rng = ctx.rng
    kind = rng.choice(["installation", "equipment upgrade"])
    old = ctx.days_ahead(1, 4)
    new = old + timedelta(days=rng.randint(3, 9))
    window_old, window_new = rng.sample(WINDOWS, 2)
    confirmation = ctx.ref("APT", 5)
    account = ctx.greet("scheduling")
    ctx.customer_says(
        f"I have an {kind} appointment on {day(old)}, {window_old}, but I can't be home then. Can we move it?"
    )
    ctx.agent("Of course. What days suit you?")
    ctx.customer_says(
        rng.choice(
            [
                "Any weekday after that, ideally in the afternoon.",
                "Later that week or the next, any time.",
            ]
        )
    )
    ctx.agent(f"I have {day(new)}, {window_new}. Would that work?")
    ctx.customer_says("Yes, that's perfect.")
    ctx.agent(
        f"Booked. Your confirmation number is {confirmation}, and the technician will text you 30 minutes before arriving."
    )
    ctx.customer_says("Do I need to do anything before they come?")
    ctx.agent(
        "Just make sure someone over 18 is home and the technician can reach the spot where the router goes."
    )
    ctx.close(satisfied=True)
    return Facts(
        situation=f"The customer could not be home for their {kind} appointment on {day(old)} and asked to move it.",
        action=[
            f"The agent moved the {kind} from {day(old)} to {day(new)}, {window_new}.",
            f"The agent gave confirmation number {confirmation}.",
            "The agent explained that an adult must be home and the technician will text 30 minutes ahead.",
        ],
        resolution="Y",
        satisfaction="N",
        entities=[
            ("account", account),
            ("original appointment", day(old)),
            ("new appointment", f"{day(new)}, {window_new}"),
            ("confirmation", confirmation),
        ],
        next_steps=f"The technician comes on {day(new)}, {window_new}, and texts 30 minutes ahead.",
        products=f"{kind.capitalize()} appointment: rescheduled.",
        contact_reason="Appointment",
        escalated="No",
        dates=[old, new],
        invented_action="The agent also waived the appointment change fee.",
    )


def scheduling_move(ctx: Context) -> Facts:
    rng = ctx.rng
    plan = rng.choice(["Fiber 300", "Fiber 1 Gig"])
    move = ctx.days_ahead(7, 21)
    address = f"{rng.randint(2, 240)} {rng.choice(STREETS)}"
    window, order = rng.choice(WINDOWS), ctx.ref("WO", 6)
    fee = rng.choice([0.0, 25.0, 49.0])
    account = ctx.greet("scheduling")
    ctx.customer_says(
        f"I'm moving house on {day(move)} and want to take my {plan} service with me."
    )
    ctx.agent("Congratulations on the move. What's the new address?")
    ctx.customer_says(f"{address}, same town.")
    ctx.agent(
        "Good news, fiber is available there. I can book the installation for the day you move."
    )
    ctx.agent(f"That's {day(move)}, {window}, work order {order}.")
    if fee:
        ctx.customer_says("Is there a charge for moving?")
        ctx.agent(f"There's a {money(fee)} transfer fee on your next bill.")
    ctx.customer_says("And the old address?")
    ctx.agent(f"Service there stops on {day(move)} at midnight, so you're never billed twice.")
    ctx.close(satisfied=True)
    fee_text = f"a {money(fee)} transfer fee" if fee else "no transfer fee"
    return Facts(
        situation=f"The customer is moving to {address} on {day(move)} and wanted to keep their {plan} service.",
        action=[
            f"The agent confirmed fiber availability at {address}.",
            f"The agent booked the installation for {day(move)}, {window}, under work order {order}.",
            f"The agent set service at the old address to stop on {day(move)}, with {fee_text}.",
        ],
        resolution="Y",
        satisfaction="N",
        entities=[
            ("account", account),
            ("new address", address),
            ("move date", day(move)),
            ("work order", order),
        ]
        + ([("transfer fee", money(fee))] if fee else []),
        next_steps=f"Installation at {address} on {day(move)}, {window} (work order {order}).",
        products=f"{plan}: moved to the new address.",
        contact_reason="Appointment",
        escalated="No",
        amounts=[fee] if fee else [],
        dates=[move],
        invented_action="The agent also upgraded the plan to Fiber 2 Gig at no extra cost.",
    )


def bot_outage_check(ctx: Context) -> Facts:
    """A chat the virtual assistant handled alone: no human agent joins."""
    rng = ctx.rng
    postcode = str(rng.randint(20000, 89999))
    restore, ticket = rng.choice(["4 pm", "7 pm"]), ctx.ref("OUT", 5)
    ctx.system("Chat started with the Tidewell virtual assistant.")
    ctx.bot("Hi! I'm Tidewell's virtual assistant. What can I help you with?")
    ctx.customer_says("is there an outage? my internet is down")
    ctx.bot("I can check that. What's the ZIP code of your service address?")
    ctx.customer_says(postcode)
    ctx.bot(
        f"Yes, there's an outage affecting ZIP {postcode} (reference {ticket}). Service should be back by {restore} today."
    )
    ctx.customer_says("ok. can you text me when it's fixed")
    ctx.bot(
        "Done: you'll get a text at the mobile number on your account when service is restored."
    )
    ctx.customer_says("thanks")
    ctx.bot("You're welcome! Is there anything else?")
    ctx.customer_says("no")
    ctx.system("The chat has ended.")
    return Facts(
        situation=f"The customer's internet was down and they asked the virtual assistant whether there was an outage in ZIP {postcode}.",
        action=[
            f"The assistant confirmed outage {ticket}, with service expected back by {restore}.",
            "The assistant signed the customer up for a text when service is restored.",
        ],
        resolution="P",
        satisfaction="N",
        entities=[("ZIP code", postcode), ("outage reference", ticket)],
        next_steps=f"Service should return by {restore}; the customer gets a text when it does.",
        products="Home internet: outage.",
        contact_reason="Technical fault",
        escalated="No",
        invented_action="The assistant also transferred the customer to a human agent.",
    )


# Queue -> the scenarios its contacts follow.
QUEUE_SCENARIOS: dict[str, list[Scenario]] = {
    "billing": [billing_duplicate_charge, billing_late_fee],
    "tech-support": [tech_slow_internet, tech_outage],
    "retention": [retention_cancel],
    "returns": [returns_device],
    "scheduling": [scheduling_appointment, scheduling_move],
}
