"""The sixth new labelled set of issue 12, written by a helper who never saw the local judge's
rules or code (nothing under evaluations/judges/ or tests/judges/, not bench/local_judge.py, not
the README's sections on the judge's rules), labelled by the rules of ../shared/data/cc/README.md,
and committed before any judge ran on it.

    .venv/bin/python bench/new_set_6.py      # writes bench/data/cc_new6.jsonl

Domains no earlier set used: a coffee-capsule subscription, tax-filing software, a school meal
account, a car insurance windscreen claim, a bank card dispute, a self-storage unit, a music
school, a Spanish campsite, a French optician, a German dishwasher delivery, an Italian ski hire
shop, a Portuguese digital newspaper and a Dutch electric-boat rental. Seven conversations are in
English; the others are in Spanish, French, German, Italian, Portuguese and Dutch (one each), with
the summary in the conversation's language. Sections mix the predefined ones (situation, action,
resolution, customer satisfaction, entities, reason for cancellation), free-text custom ones
(custom actions, returned product, follow-up, next steps) and categorical custom ones (call
driver, contact reason, escalated, refund given).

Error classes planted, in wordings written for this set: a fee waived but summarised as applied
(negation), a refusal summarised as done (invented action), an excess and an arrival date
corrected by the agent but kept at the old value (superseded), an automatic top-up offered and
declined but summarised as set up (offered versus done), an out-of-stock swap summarised as done,
the new plan's price given as the refund (a value bound to the wrong noun), a frame colour
substituted, "yesterday" and "dopodomani" resolved to the wrong day, a wrong number of lunches and
of people, a wrong resolution and a wrong satisfaction value, a refund that depends on a later
decision told as paid, an ignored style rule and descriptive text in a categorical section
(adherence), and omissions (completeness). Four summaries are clean (new6-005, new6-007, new6-010,
new6-012); the summaries also hold hard correct points: heavy paraphrase, correctly resolved
relative dates ("next Tuesday", "tomorrow", "last Saturday", "on Friday"), "$1,350.00",
"8:00 AM" mid-sentence, "a 10-business-day window", "5-by-5", and numbers in words.

13 conversations, 90 accuracy points (15 inaccurate), 37 adherence questions, 104 completeness
facts.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new6.jsonl"

ROWS: list[dict] = []

# 1. Coffee-capsule subscription: delivery fees refunded, "next Tuesday" resolved right, a swap
# that could not be made (out of stock) told as done.
ROWS.append(
    conversation(
        "new6-001",
        "voice",
        "billing",
        "2026-03-05T10:20:00Z",
        "Owen",
        [
            ("agent", "Crema Club customer care, Owen speaking. How can I help?"),
            (
                "customer",
                "Hi Owen. I have the capsule plan that came with my Barista One machine, account CC-70215. My last two boxes each had a $6.95 delivery charge, and I was told delivery is free on this plan.",
            ),
            (
                "agent",
                "Let me check. You're right, your plan ships free; that charge was added by mistake after our website update in February. I've refunded both, so $13.90 goes back to your card.",
            ),
            (
                "customer",
                "Great. The other thing is I'm drowning in capsules. Can the boxes come less often than every two weeks?",
            ),
            (
                "agent",
                "Of course. I've set it to every four weeks. The next box leaves our warehouse next Tuesday, and then every fourth Tuesday after that.",
            ),
            ("customer", "Perfect. And could you replace the decaf pods with the Lungo ones?"),
            (
                "agent",
                "I'd love to, but Lungo is out of stock until April. I've kept the decaf in your box for now and left a note on the account to switch it once Lungo is back.",
            ),
            ("customer", "Fair enough. Thanks for your help, Owen."),
            ("agent", "You're welcome, enjoy your coffee."),
        ],
        {
            "situation": "The customer, whose capsule plan came with a Barista One machine, was billed $6.95 for delivery on each of the last two boxes although the plan ships free. They also wanted boxes less often and Lungo pods in place of decaf.",
            "action": "The agent found the delivery charge had been added in error after a February website update and returned $13.90 to the customer's card. Deliveries now come every four weeks, with the next box shipping on Tuesday, March 10. The agent replaced the decaf pods with Lungo pods.",
            "resolution": "P",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer, whose capsule plan came with a Barista One machine, was billed $6.95 for delivery on each of the last two boxes although the plan ships free.",
                True,
                "Customer: 'My last two boxes each had a $6.95 delivery charge'; agent: 'your plan ships free'.",
            ),
            (
                "situation",
                "They also wanted boxes less often and Lungo pods in place of decaf.",
                True,
                "Customer asks for boxes 'less often than every two weeks' and to 'replace the decaf pods with the Lungo ones'.",
            ),
            (
                "action",
                "The agent found the delivery charge had been added in error after a February website update and returned $13.90 to the customer's card.",
                True,
                "Agent: 'added by mistake after our website update in February. I've refunded both, so $13.90 goes back to your card.'",
            ),
            (
                "action",
                "Deliveries now come every four weeks, with the next box shipping on Tuesday, March 10.",
                True,
                "'Every four weeks', next box 'next Tuesday'; the call is on Thursday, March 5, so that Tuesday is March 10.",
            ),
            (
                "action",
                "The agent replaced the decaf pods with Lungo pods.",
                False,
                "Lungo is out of stock until April; the agent kept the decaf and only left a note to switch later.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "Fees refunded and frequency changed, but the pod swap could not be made.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Fair enough. Thanks for your help, Owen.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Charged $6.95 delivery on each of the last two boxes despite free delivery",
                        True,
                    ),
                    ("Wanted deliveries less often than every two weeks", True),
                    ("Wanted Lungo pods instead of decaf", True),
                ]
            ],
            "action": [
                [
                    ("Refunded both delivery charges, $13.90 to the card", True),
                    ("Changed deliveries to every four weeks; next box ships next Tuesday", True),
                    (
                        "Lungo out of stock until April; decaf kept, note left to switch later",
                        False,
                    ),
                ]
            ],
        },
    )
)

# 2. Tax-filing software: a rejected e-file fixed; the new plan's price given as the refund
# (a value bound to the wrong noun); the upgrade left out of the situation (omission).
ROWS.append(
    conversation(
        "new6-002",
        "chat",
        "tech",
        "2026-04-09T18:45:00Z",
        "Hana",
        [
            (
                "customer",
                "Hi, my federal return was rejected this morning. The message says code IND-031.",
            ),
            (
                "agent",
                "Hi, I'm Hana with FileRight support. IND-031 means the prior-year AGI you entered to sign the return doesn't match the IRS records. What did you enter?",
            ),
            ("customer", "I typed 0 because I used a different program last year."),
            (
                "agent",
                "That's the issue: you did file last year, so the IRS expects the AGI from your 2024 return, line 11. Do you have it?",
            ),
            ("customer", "Found it, it's 52,340."),
            (
                "agent",
                "Great. I've unlocked the return; go to File > Sign, enter $52,340 and resubmit. Acceptance usually comes within 24 to 48 hours, well ahead of the April 15 deadline.",
            ),
            (
                "customer",
                "Done, it says transmitted. While I have you, I clicked the Premier upgrade by accident, $64.99. I only need Deluxe.",
            ),
            (
                "agent",
                "No problem. I've moved you back to Deluxe, which is $39.99, and refunded the $25.00 difference to your card.",
            ),
            ("customer", "Thanks, that's everything."),
        ],
        {
            "situation": "The customer's federal e-file came back rejected with code IND-031.",
            "custom_actions": "The agent explained that the prior-year AGI used to sign the return did not match IRS records, because the customer had entered 0. The agent unlocked the return and the customer resubmitted it with $52,340 from line 11 of the 2024 return. Acceptance is expected within 24 to 48 hours, before the April 15 deadline. The agent switched the plan from Premier to Deluxe and refunded $39.99 to the card.",
            "call_driver": "Technical support",
        },
        [
            (
                "situation",
                "The customer's federal e-file came back rejected with code IND-031.",
                True,
                "Customer: 'my federal return was rejected this morning ... code IND-031'.",
            ),
            (
                "custom_actions",
                "The agent explained that the prior-year AGI used to sign the return did not match IRS records, because the customer had entered 0.",
                True,
                "Agent explains IND-031; customer: 'I typed 0'.",
            ),
            (
                "custom_actions",
                "The agent unlocked the return and the customer resubmitted it with $52,340 from line 11 of the 2024 return.",
                True,
                "Agent: 'I've unlocked the return ... enter $52,340 and resubmit'; customer: 'Done, it says transmitted.'",
            ),
            (
                "custom_actions",
                "Acceptance is expected within 24 to 48 hours, before the April 15 deadline.",
                True,
                "Agent: 'within 24 to 48 hours, well ahead of the April 15 deadline'.",
            ),
            (
                "custom_actions",
                "The agent switched the plan from Premier to Deluxe and refunded $39.99 to the card.",
                False,
                "The refund was the $25.00 difference; $39.99 is the Deluxe price.",
            ),
            (
                "call_driver",
                "Call driver: Technical support",
                True,
                "The customer got in touch about the rejected e-file; the upgrade came up later.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "call_driver": [True]},
        {
            "situation": [
                [
                    ("Federal return rejected this morning with code IND-031", True),
                    ("Bought the Premier upgrade ($64.99) by mistake and wanted Deluxe", False),
                ]
            ],
            "custom_actions": [
                [
                    (
                        "Explained IND-031 as a prior-year AGI mismatch; the customer had entered 0",
                        True,
                    ),
                    ("Unlocked the return; the customer re-entered $52,340 and resubmitted", True),
                    ("Moved the customer from Premier back to Deluxe", True),
                    ("Refunded the $25.00 difference to the card", False),
                ],
                [
                    ("April 15 filing deadline", True),
                    ("Return rejected this morning (April 9)", False),
                ],
                [],
                [
                    ("Plan changed from Premier to Deluxe", True),
                    ("$25.00 difference refunded", False),
                ],
            ],
        },
    )
)

# 3. School meal account: a top-up moved between siblings, "on Friday" resolved right; a wrong
# number of lunches; an automatic top-up offered and declined, told as set up.
ROWS.append(
    conversation(
        "new6-003",
        "voice",
        "billing",
        "2026-09-14T07:50:00Z",
        "Grace",
        [
            ("agent", "Elmfield Schools catering office, Grace speaking."),
            (
                "customer",
                "Hi, this is Tom Reyes. I topped up my daughter Mia's lunch account on Friday with $57, but it's showing on my son Leo's account instead.",
            ),
            (
                "agent",
                "Let me look, Mr. Reyes. Yes, the $57.00 payment, reference PAY-88164, went to Leo Reyes in Year 1. I've moved it across to Mia's account.",
            ),
            ("customer", "Thank you. How many lunches does that cover for her?"),
            (
                "agent",
                "Mia's in Year 4, where a hot lunch is $2.85, so $57 covers 20 lunches. Leo's meals are free this term under the infant meals scheme, so he didn't need it anyway.",
            ),
            ("customer", "Oh good. Can I get a warning before her balance runs out?"),
            (
                "agent",
                "Yes, I've switched on a low-balance text alert at $10 for Mia's account. I can also set up an automatic $30 top-up whenever it drops below that, if you'd like.",
            ),
            ("customer", "No thanks, the alert is enough, I'd rather top up myself."),
            ("agent", "No problem, just the alert then."),
            ("customer", "Brilliant, thanks Grace."),
        ],
        {
            "situation": "Tom Reyes paid $57 into his daughter Mia's lunch account on Friday, September 11, but the money landed on his son Leo's account.",
            "action": "The agent moved the $57.00 payment (reference PAY-88164) from Leo's account to Mia's, which pays for 15 hot lunches at $2.85 each. The agent explained that Leo's lunches are free this term. The agent turned on a $10 low-balance text alert for Mia's account and set up an automatic $30 top-up.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Tom Reyes paid $57 into his daughter Mia's lunch account on Friday, September 11.",
                True,
                "'I topped up ... on Friday with $57'; the call is on Monday, September 14, so Friday was September 11.",
            ),
            (
                "situation",
                "The money landed on his son Leo's account.",
                True,
                "'it's showing on my son Leo's account instead'.",
            ),
            (
                "action",
                "The agent moved the $57.00 payment (reference PAY-88164) from Leo's account to Mia's.",
                True,
                "Agent: 'the $57.00 payment, reference PAY-88164, went to Leo ... I've moved it across to Mia's account.'",
            ),
            (
                "action",
                "The payment pays for 15 hot lunches at $2.85 each.",
                False,
                "The agent said $57 covers 20 lunches at $2.85.",
            ),
            (
                "action",
                "The agent explained that Leo's lunches are free this term.",
                True,
                "'Leo's meals are free this term under the infant meals scheme'.",
            ),
            (
                "action",
                "The agent turned on a $10 low-balance text alert for Mia's account.",
                True,
                "'I've switched on a low-balance text alert at $10 for Mia's account.'",
            ),
            (
                "action",
                "The agent set up an automatic $30 top-up.",
                False,
                "Offered and declined: 'No thanks, the alert is enough'; 'just the alert then'.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The payment was moved and the alert set up.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Topped up Mia's lunch account with $57 on Friday", True),
                    ("The payment went to Leo's account instead", True),
                ]
            ],
            "action": [
                [
                    ("Moved the $57 payment PAY-88164 to Mia's account", True),
                    ("$57 covers 20 lunches at $2.85 (Year 4)", False),
                    ("Leo's meals are free this term under the infant meals scheme", True),
                    ("Low-balance text alert at $10 on Mia's account", True),
                    ("Offered an automatic $30 top-up; the parent declined", False),
                ]
            ],
        },
    )
)

# 4. Car insurance windscreen claim: "yesterday" resolved to the wrong day; the excess corrected
# by the agent but kept at the old figure; the follow-up ignores the 'representative' rule.
ROWS.append(
    conversation(
        "new6-004",
        "voice",
        "scheduling",
        "2026-06-16T09:05:00Z",
        "Callum",
        [
            ("agent", "Harbour Mutual motor claims, Callum speaking."),
            (
                "customer",
                "Hi, a stone cracked my windscreen on the motorway yesterday. Policy HM-3320914. The car's a grey Skoda Octavia.",
            ),
            ("agent", "Sorry to hear that. Is the crack bigger than a ten-pence coin?"),
            ("customer", "Yes, it runs right across the driver's side."),
            ("agent", "Then it's a replacement rather than a repair. Your glass excess is £100."),
            ("customer", "Really? I thought I'd paid to lower it."),
            (
                "agent",
                "Let me check the add-ons... you're right, you added the reduced glass excess in March, so it's £75, not £100.",
            ),
            ("customer", "Good. When can someone come?"),
            (
                "agent",
                "Our glass partner can come to your home on Thursday between 8:00 AM and noon. I've booked that, job number GW-60218.",
            ),
            ("customer", "Thursday's fine. Will it affect my no-claims discount?"),
            ("agent", "No, windscreen claims don't affect your no-claims discount."),
            ("customer", "Great, thanks."),
        ],
        {
            "situation": "A stone cracked the windscreen of the customer's grey Skoda Octavia on the motorway on June 14.",
            "custom_actions": "The agent assessed that the crack, wider than a ten-pence coin and across the driver's side, needs a replacement. The glass excess is £100. The agent booked a home visit by the glass partner for Thursday, June 18, 8:00 AM to noon, job number GW-60218. The agent confirmed the no-claims discount is unaffected.",
            "follow_up": "The glass partner booked by the agent will come to the customer's home on Thursday, June 18 between 8:00 AM and noon.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "A stone cracked the windscreen of the customer's grey Skoda Octavia on the motorway on June 14.",
                False,
                "It happened 'yesterday'; the call is on June 16, so that is June 15, not June 14.",
            ),
            (
                "custom_actions",
                "The agent assessed that the crack, wider than a ten-pence coin and across the driver's side, needs a replacement.",
                True,
                "Crack bigger than a ten-pence coin, 'across the driver's side'; 'a replacement rather than a repair'.",
            ),
            (
                "custom_actions",
                "The glass excess is £100.",
                False,
                "The agent corrected it: with the reduced glass excess added in March it is £75, not £100.",
            ),
            (
                "custom_actions",
                "The agent booked a home visit by the glass partner for Thursday, June 18, 8:00 AM to noon, job number GW-60218.",
                True,
                "'Thursday between 8:00 AM and noon ... job number GW-60218'; Thursday after Tuesday, June 16 is June 18.",
            ),
            (
                "custom_actions",
                "The agent confirmed the no-claims discount is unaffected.",
                True,
                "'windscreen claims don't affect your no-claims discount'.",
            ),
            (
                "follow_up",
                "The glass partner booked by the agent will come to the customer's home on Thursday, June 18 between 8:00 AM and noon.",
                True,
                "Booked by the agent for Thursday (June 18) between 8:00 AM and noon.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Replacement booked, excess and no-claims questions answered.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, False]},
        {
            "situation": [
                [
                    ("A stone cracked the windscreen on the motorway yesterday (June 15)", False),
                    ("The car is a grey Skoda Octavia", True),
                ]
            ],
            "custom_actions": [
                [
                    (
                        "The crack is larger than a ten-pence coin, so a replacement, not a repair",
                        True,
                    ),
                    ("Booked the glass partner at home on Thursday, 8:00 AM to noon", True),
                    ("Confirmed the no-claims discount is not affected", True),
                ],
                [
                    ("Windscreen cracked yesterday (June 15)", False),
                    ("Glass appointment on Thursday (June 18)", True),
                ],
                [("Job number GW-60218", True)],
                [("Glass excess corrected from £100 to £75 (reduced glass excess add-on)", False)],
            ],
            "follow_up": [
                [("Glass partner home visit on Thursday between 8:00 AM and noon", True)],
                [],
            ],
        },
    )
)

# 5. Bank card dispute: clean; heavy paraphrase, "$1,350.00", "8:00 AM" mid-sentence,
# "a 10-business-day window", "five working days".
ROWS.append(
    conversation(
        "new6-005",
        "chat",
        "billing",
        "2026-02-19T16:30:00Z",
        "Ines",
        [
            (
                "customer",
                "Hello, there's a charge on my debit card from a hotel called Solmar Suites for $1,350 that I never authorised. I've never stayed there.",
            ),
            (
                "agent",
                "Hi, I'm Ines from Northgate Bank's card team. I'm sorry about this. I can see the $1,350.00 transaction posted on February 17 at 8:00 AM. Do you still have your card with you?",
            ),
            ("customer", "Yes, it's in my wallet."),
            (
                "agent",
                "Thanks. Since the card is with you, the number was probably copied. I've blocked the card and opened a dispute for the full amount, case DSP-40772.",
            ),
            ("customer", "Will I get the money back?"),
            (
                "agent",
                "I've put a temporary credit of $1,350.00 on your account today while we investigate. The merchant has 10 business days to respond, and we'll write to you with the outcome.",
            ),
            ("customer", "And my new card?"),
            (
                "agent",
                "A replacement card is on its way and should arrive within five working days. Until then you can use the virtual card in the app.",
            ),
            ("customer", "That's a relief, thank you."),
        ],
        {
            "situation": "On February 17 at 8:00 AM a $1,350 debit card payment to Solmar Suites, a hotel the customer says they never stayed at or approved, posted to their account.",
            "action": "After checking that the card was still in the customer's possession, the agent concluded the number had likely been copied, froze the card and raised a dispute over the whole amount. While the investigation runs, the account was credited $1,350.00 on a temporary basis; the merchant has a 10-business-day window to reply, after which the bank will write with the outcome. A new card should turn up within five working days, and the virtual card in the app can be used meanwhile.",
            "entities": "merchant: Solmar Suites\ndisputed_amount: $1,350.00\ndispute_case: DSP-40772",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "On February 17 at 8:00 AM a $1,350 debit card payment to Solmar Suites, a hotel the customer says they never stayed at or approved, posted to their account.",
                True,
                "Customer: never authorised, never stayed there; agent: 'posted on February 17 at 8:00 AM'.",
            ),
            (
                "action",
                "After checking that the card was still in the customer's possession, the agent concluded the number had likely been copied, froze the card and raised a dispute over the whole amount.",
                True,
                "'Since the card is with you, the number was probably copied. I've blocked the card and opened a dispute for the full amount'.",
            ),
            (
                "action",
                "While the investigation runs, the account was credited $1,350.00 on a temporary basis; the merchant has a 10-business-day window to reply, after which the bank will write with the outcome.",
                True,
                "'temporary credit of $1,350.00 ... The merchant has 10 business days to respond, and we'll write to you with the outcome.'",
            ),
            (
                "action",
                "A new card should turn up within five working days, and the virtual card in the app can be used meanwhile.",
                True,
                "'should arrive within five working days. Until then you can use the virtual card in the app.'",
            ),
            ("entities", "merchant: Solmar Suites", True, "Named by the customer."),
            ("entities", "disputed_amount: $1,350.00", True, "The full amount is disputed."),
            ("entities", "dispute_case: DSP-40772", True, "Case number given by the agent."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'That's a relief, thank you.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Unauthorised $1,350 debit card charge from the hotel Solmar Suites", True),
                    ("The customer never stayed there", True),
                ]
            ],
            "action": [
                [
                    (
                        "Blocked the card; the card was still with the customer, number likely copied",
                        True,
                    ),
                    ("Opened a dispute for the full amount", True),
                    ("Temporary credit of $1,350.00 during the investigation", True),
                    ("Merchant has 10 business days to respond; outcome by letter", True),
                    (
                        "Replacement card within five working days; virtual card in the app meanwhile",
                        True,
                    ),
                ]
            ],
            "entities": [
                [
                    ("Merchant Solmar Suites", True),
                    ("Amount $1,350.00", True),
                    ("Dispute case DSP-40772", True),
                ]
            ],
        },
    )
)

# 6. Self-storage unit: a late fee waived but summarised as applied (negation); a card update the
# agent refused told as done; "Monday" resolved right; a category with descriptive text.
ROWS.append(
    conversation(
        "new6-006",
        "voice",
        "billing",
        "2026-10-07T14:40:00Z",
        "Dmitri",
        [
            ("agent", "StoreSafe Lockers, Dmitri speaking."),
            (
                "customer",
                "Hi, I rent unit B-214 at the Riverside site. My October invoice has a $15 late fee, but my card was replaced and the autopay failed. I paid as soon as I saw the email.",
            ),
            (
                "agent",
                "I see it. The rent of $119 was paid on October 3, two days after the due date. Given you've never been late before, I've waived the $15 late fee.",
            ),
            (
                "customer",
                "Thank you. Also, I want to move to a smaller unit, I don't need all this space.",
            ),
            (
                "agent",
                "Your current unit is 10-by-10. I have a 5-by-5, unit C-031, for $69 a month, available from Monday.",
            ),
            ("customer", "I'll take it. Can I move my stuff on Monday?"),
            (
                "agent",
                "Yes. I've reserved C-031 for you from Monday, and your rent drops to $69 from November. Your gate code stays the same.",
            ),
            ("customer", "Great. And can you update my card for the autopay?"),
            (
                "agent",
                "For security I can't take card details over the phone; you can update it in the customer portal under Billing.",
            ),
            ("customer", "Okay, I'll do that tonight. Thanks."),
        ],
        {
            "situation": "The customer, who rents unit B-214 at the Riverside site, disputed a $15 late fee on the October invoice that arose because autopay failed after a card replacement, and also asked to downsize.",
            "action": "The agent confirmed the $119 rent was paid on October 3, two days late, and applied the $15 late fee. The agent reserved the 5-by-5 unit C-031 at $69 a month from Monday, October 12, keeping the same gate code. The agent updated the customer's card for autopay.",
            "next_steps": "The customer moves into C-031 on Monday, October 12, and pays $69 a month from November. The customer will update the autopay card in the customer portal under Billing.",
            "contact_reason": "Billing (late fee dispute)",
        },
        [
            (
                "situation",
                "The customer, who rents unit B-214 at the Riverside site, disputed a $15 late fee on the October invoice that arose because autopay failed after a card replacement.",
                True,
                "Customer: '$15 late fee, but my card was replaced and the autopay failed'.",
            ),
            (
                "situation",
                "The customer also asked to downsize.",
                True,
                "'I want to move to a smaller unit'.",
            ),
            (
                "action",
                "The agent confirmed the $119 rent was paid on October 3, two days late.",
                True,
                "'The rent of $119 was paid on October 3, two days after the due date.'",
            ),
            (
                "action",
                "The agent applied the $15 late fee.",
                False,
                "The agent waived it: 'I've waived the $15 late fee.'",
            ),
            (
                "action",
                "The agent reserved the 5-by-5 unit C-031 at $69 a month from Monday, October 12, keeping the same gate code.",
                True,
                "'I've reserved C-031 for you from Monday'; Monday after Wednesday, October 7 is October 12; 'gate code stays the same'.",
            ),
            (
                "action",
                "The agent updated the customer's card for autopay.",
                False,
                "The agent could not take card details by phone; the customer will update it in the portal.",
            ),
            (
                "next_steps",
                "The customer moves into C-031 on Monday, October 12, and pays $69 a month from November.",
                True,
                "Move on Monday (October 12); 'rent drops to $69 from November'.",
            ),
            (
                "next_steps",
                "The customer will update the autopay card in the customer portal under Billing.",
                True,
                "'you can update it in the customer portal under Billing'; 'I'll do that tonight'.",
            ),
            (
                "contact_reason",
                "Contact reason: Billing (late fee dispute)",
                True,
                "The main reason was the late fee on the invoice; Billing is right, the added text is an adherence matter.",
            ),
        ],
        {"next_steps": [True, True], "contact_reason": [False]},
        {
            "situation": [
                [
                    ("$15 late fee on the October invoice for unit B-214", True),
                    ("Autopay failed after the card was replaced; paid on seeing the email", True),
                    ("Wants a smaller unit", True),
                ]
            ],
            "action": [
                [
                    ("Waived the $15 late fee as the customer had never been late", False),
                    ("Reserved the 5-by-5 unit C-031 at $69 a month from Monday", True),
                    ("Could not take card details by phone; pointed to the portal", False),
                ]
            ],
            "next_steps": [
                [
                    ("Move into C-031 on Monday (October 12)", True),
                    ("Rent $69 a month from November", True),
                    ("The customer updates the autopay card in the portal tonight", True),
                ],
                [],
            ],
        },
    )
)

# 7. Music school: clean; "tomorrow", "next Wednesday" and "Saturday" resolved right, a
# "45-minute" slot, "more than a day ahead" for "more than 24 hours".
ROWS.append(
    conversation(
        "new6-007",
        "chat",
        "scheduling",
        "2026-01-28T11:15:00Z",
        "Ruth",
        [
            (
                "customer",
                "Hi, my son Arjun has his piano lesson tomorrow at 4:30 but he's got a school trip. Can we move it?",
            ),
            (
                "agent",
                "Hi, this is Ruth at Cadence Music School. Let me check Ms. Okafor's diary. She has a 45-minute slot next Wednesday at 5:15 PM, or Saturday morning at 10.",
            ),
            ("customer", "Saturday at 10 is better."),
            (
                "agent",
                "Done, I've moved Arjun's lesson from tomorrow to Saturday at 10:00 AM, same room, Studio 3. There's no charge since you told us more than 24 hours ahead.",
            ),
            ("customer", "Brilliant. Also, his grade 2 exam entry, is that still open?"),
            (
                "agent",
                "Yes, entries close on February 20. The fee is £48, and I can add it to next month's invoice if you like.",
            ),
            ("customer", "Please do."),
            (
                "agent",
                "Added, and Arjun is entered for grade 2. You'll get a confirmation email in the next hour.",
            ),
            ("customer", "Thanks so much!"),
        ],
        {
            "custom_actions": "Arjun's piano lesson on Thursday, January 29 at 4:30 clashed with a school trip. The agent offered a 45-minute slot on Wednesday, February 4 at 5:15 PM or Saturday morning, and moved the lesson to Saturday, January 31 at 10:00 AM in Studio 3 at no cost, since notice came more than a day ahead. Arjun is now entered for his grade 2 exam (entries close February 20), with the £48 fee added to next month's invoice.",
            "follow_up": "The representative will email a confirmation within the hour.",
            "call_driver": "Appointment",
            "customer_satisfaction": "N",
        },
        [
            (
                "custom_actions",
                "Arjun's piano lesson on Thursday, January 29 at 4:30 clashed with a school trip.",
                True,
                "Lesson 'tomorrow at 4:30'; the chat is on Wednesday, January 28, so tomorrow is Thursday, January 29.",
            ),
            (
                "custom_actions",
                "The agent offered a 45-minute slot on Wednesday, February 4 at 5:15 PM or Saturday morning, and moved the lesson to Saturday, January 31 at 10:00 AM in Studio 3 at no cost, since notice came more than a day ahead.",
                True,
                "'next Wednesday at 5:15 PM' is February 4; the lesson moved to Saturday (January 31) at 10:00 AM, Studio 3, no charge for more than 24 hours' notice.",
            ),
            (
                "custom_actions",
                "Arjun is now entered for his grade 2 exam (entries close February 20), with the £48 fee added to next month's invoice.",
                True,
                "'entries close on February 20. The fee is £48'; 'Added, and Arjun is entered for grade 2.'",
            ),
            (
                "follow_up",
                "The representative will email a confirmation within the hour.",
                True,
                "'You'll get a confirmation email in the next hour.'",
            ),
            ("call_driver", "Call driver: Appointment", True, "Moving a lesson slot."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Thanks so much!'",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "custom_actions": [
                [
                    ("Moved the lesson from tomorrow to Saturday at 10:00 AM, Studio 3", True),
                    ("No charge because notice was more than 24 hours", True),
                    (
                        "Entered Arjun for grade 2 and added the £48 fee to next month's invoice",
                        True,
                    ),
                ],
                [
                    ("Lesson tomorrow (January 29) at 4:30", True),
                    ("Next Wednesday (February 4) at 5:15 PM offered", True),
                    ("Saturday (January 31) at 10:00 AM", True),
                    ("Exam entries close February 20", True),
                ],
                [],
                [
                    ("Lesson moved to Saturday at 10:00 AM", True),
                    ("£48 exam fee added to next month's invoice", True),
                ],
            ],
            "follow_up": [[("Confirmation email within the next hour", True)], []],
        },
    )
)

# 8. Spanish campsite: the arrival date corrected by the agent, kept at the old one
# (superseded); a wrong resolution value.
ROWS.append(
    conversation(
        "new6-008",
        "voice",
        "scheduling",
        "2026-07-22T10:00:00Z",
        "Lucía",
        [
            ("agent", "Camping Las Dunas, le atiende Lucía. ¿En qué puedo ayudarle?"),
            (
                "customer",
                "Hola, tengo una reserva de parcela para una autocaravana, la reserva CD-7714, y quería añadir dos noches.",
            ),
            (
                "agent",
                "Veamos. Tiene llegada el 3 de agosto y salida el 8. ¿Quiere llegar antes o salir más tarde?",
            ),
            ("customer", "Salir más tarde, el 10."),
            (
                "agent",
                "Perfecto, la parcela 42 está libre hasta el 10. Son 31 euros por noche, así que 62 euros más.",
            ),
            ("customer", "Vale. ¿Y la electricidad?"),
            (
                "agent",
                "Perdone, me he equivocado antes: su llegada es el 4 de agosto, no el 3. Y la electricidad está incluida en la parcela, no se cobra aparte.",
            ),
            ("customer", "Muy bien. ¿Puedo llevar a mi perro?"),
            (
                "agent",
                "Sí, los perros se admiten con un suplemento de 4 euros por noche, que se paga en recepción.",
            ),
            ("customer", "De acuerdo, muchas gracias."),
        ],
        {
            "situation": "El cliente llamó para ampliar en dos noches su reserva CD-7714 de una parcela para autocaravana.",
            "action": "La agente confirmó la llegada el 3 de agosto y amplió la salida hasta el 10 de agosto en la parcela 42, con un coste adicional de 62 euros (31 euros por noche). La electricidad está incluida. El perro puede ir con un suplemento de 4 euros por noche que se paga en recepción.",
            "resolution": "P",
        },
        [
            (
                "situation",
                "El cliente llamó para ampliar en dos noches su reserva CD-7714 de una parcela para autocaravana.",
                True,
                "Customer: 'reserva CD-7714, y quería añadir dos noches'.",
            ),
            (
                "action",
                "La agente confirmó la llegada el 3 de agosto.",
                False,
                "The agent corrected herself: 'su llegada es el 4 de agosto, no el 3'.",
            ),
            (
                "action",
                "Amplió la salida hasta el 10 de agosto en la parcela 42, con un coste adicional de 62 euros (31 euros por noche).",
                True,
                "'la parcela 42 está libre hasta el 10. Son 31 euros por noche, así que 62 euros más.'",
            ),
            (
                "action",
                "La electricidad está incluida.",
                True,
                "'la electricidad está incluida en la parcela'.",
            ),
            (
                "action",
                "El perro puede ir con un suplemento de 4 euros por noche que se paga en recepción.",
                True,
                "'suplemento de 4 euros por noche, que se paga en recepción'.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                False,
                "The nights were added and both questions answered; everything was resolved (Y).",
            ),
        ],
        {},
        {
            "situation": [[("Wants to add two nights to motorhome pitch booking CD-7714", True)]],
            "action": [
                [
                    ("Extended the departure from August 8 to August 10 on pitch 42", True),
                    ("Two extra nights at €31 each, €62 more", True),
                    ("Arrival corrected to August 4", False),
                    ("Electricity included, no extra charge", True),
                    ("Dogs allowed for €4 a night, paid at reception", True),
                ]
            ],
        },
        language="es",
    )
)

# 9. French optician: a frame colour substituted in the returned product; "demain" resolved
# right; an order number kept.
ROWS.append(
    conversation(
        "new6-009",
        "chat",
        "returns",
        "2026-05-20T15:30:00Z",
        "Camille",
        [
            (
                "customer",
                "Bonjour, j'ai reçu hier mes lunettes de la commande OP-30958, mais la monture est noire alors que j'avais choisi écaille.",
            ),
            (
                "agent",
                "Bonjour, Camille d'Optique Lumière. Je suis désolée. Je vois bien la monture Lina 52 en écaille sur votre commande, c'est une erreur de notre atelier.",
            ),
            ("customer", "Les verres sont bons en tout cas, je vois très bien avec."),
            (
                "agent",
                "Tant mieux. Je vous envoie une étiquette de retour gratuite par e-mail. Dès réception de la paire, nous montons vos verres sur une monture écaille et nous vous la renvoyons sous 5 jours ouvrés.",
            ),
            ("customer", "Je dois rester sans lunettes pendant ce temps ?"),
            (
                "agent",
                "Non, si vous préférez, je peux vous envoyer d'abord une nouvelle monture écaille avec des verres neufs, et vous renverrez l'ancienne paire après.",
            ),
            ("customer", "Oui, ce serait mieux."),
            (
                "agent",
                "C'est fait : la nouvelle paire part demain, et vous aurez 14 jours pour renvoyer la paire noire avec l'étiquette.",
            ),
            ("customer", "Parfait, merci beaucoup."),
        ],
        {
            "returned_product": "Lunettes de la commande OP-30958, monture Lina 52 reçue en bleu marine. Motif : la monture reçue n'est pas de la couleur choisie (écaille).",
            "custom_actions": "L'agente a reconnu une erreur de l'atelier. Une nouvelle paire avec monture écaille et verres neufs part demain, le 21 mai, avant le retour de l'ancienne. Le client dispose de 14 jours pour renvoyer la paire noire avec l'étiquette de retour gratuite. Commande OP-30958.",
            "escalated": "No",
        },
        [
            (
                "returned_product",
                "Lunettes de la commande OP-30958, monture Lina 52 reçue en bleu marine.",
                False,
                "The frame received is black ('la monture est noire'), not navy blue.",
            ),
            (
                "returned_product",
                "Motif : la monture reçue n'est pas de la couleur choisie (écaille).",
                True,
                "'la monture est noire alors que j'avais choisi écaille'.",
            ),
            (
                "custom_actions",
                "L'agente a reconnu une erreur de l'atelier.",
                True,
                "'c'est une erreur de notre atelier'.",
            ),
            (
                "custom_actions",
                "Une nouvelle paire avec monture écaille et verres neufs part demain, le 21 mai, avant le retour de l'ancienne.",
                True,
                "'la nouvelle paire part demain'; the chat is on May 20, so tomorrow is May 21; sent before the old pair comes back.",
            ),
            (
                "custom_actions",
                "Le client dispose de 14 jours pour renvoyer la paire noire avec l'étiquette de retour gratuite.",
                True,
                "'vous aurez 14 jours pour renvoyer la paire noire avec l'étiquette'; the label is free.",
            ),
            ("custom_actions", "Commande OP-30958.", True, "Order number given by the customer."),
            ("escalated", "Escalated: No", True, "The agent handled it without passing it on."),
        ],
        {
            "returned_product": [True, True],
            "custom_actions": [True, True, True, True],
            "escalated": [True],
        },
        {
            "returned_product": [
                [("Glasses from order OP-30958, Lina 52 frame received in black", False)],
                [("The frame came in black instead of the tortoiseshell chosen", True)],
            ],
            "custom_actions": [
                [
                    ("Acknowledged a workshop error", True),
                    (
                        "Sends a new tortoiseshell pair with new lenses first, leaving tomorrow",
                        True,
                    ),
                    ("The black pair goes back within 14 days with a free return label", True),
                ],
                [
                    ("Glasses received yesterday (May 19)", False),
                    ("New pair ships tomorrow (May 21)", True),
                ],
                [("Order OP-30958", True)],
                [("Replacement sent before the return of the old pair", True)],
            ],
        },
        language="fr",
    )
)

# 10. German dishwasher delivery: clean; a delivery moved, old appliance removal included,
# "eine halbe Stunde" for "30 Minuten".
ROWS.append(
    conversation(
        "new6-010",
        "voice",
        "scheduling",
        "2026-11-11T08:30:00Z",
        "Jonas",
        [
            ("agent", "Kundendienst von Haushaltsprofi, Sie sprechen mit Jonas."),
            (
                "customer",
                "Guten Morgen, ich habe einen Geschirrspüler mit Lieferung und Anschluss bestellt, Bestellnummer HP-482207. Der Termin ist am Freitag, aber da bin ich nicht zu Hause.",
            ),
            (
                "agent",
                "Kein Problem. Ich sehe das Modell Aqualis S45, Lieferung am Freitag, dem 13. November. Der nächste freie Termin ist Dienstag, der 17. November, zwischen 12 und 18 Uhr.",
            ),
            ("customer", "Das passt mir gut."),
            (
                "agent",
                "Gut, ich habe die Lieferung auf Dienstag, den 17. November, zwischen 12 und 18 Uhr verschoben. Der Fahrer ruft etwa 30 Minuten vorher an.",
            ),
            ("customer", "Nehmen Sie das alte Gerät auch mit?"),
            (
                "agent",
                "Ja, die Altgerätemitnahme ist schon in Ihrer Bestellung enthalten, das kostet nichts extra. Bitte räumen Sie das alte Gerät vorher aus.",
            ),
            ("customer", "Prima, vielen Dank."),
        ],
        {
            "situation": "Der Kunde ist bei der für Freitag geplanten Lieferung mit Anschluss seines Geschirrspülers nicht zu Hause und braucht einen anderen Termin.",
            "custom_actions": "Der Mitarbeiter hat die Lieferung des Aqualis S45 (Bestellung HP-482207) vom 13. November auf Dienstag, den 17. November, 12 bis 18 Uhr, verlegt. Der Fahrer meldet sich rund eine halbe Stunde vorher telefonisch. Die Mitnahme des Altgeräts ist ohne Aufpreis bereits in der Bestellung enthalten. Das alte Gerät muss vorher ausgeräumt sein.",
            "escalated": "No",
        },
        [
            (
                "situation",
                "Der Kunde ist bei der für Freitag geplanten Lieferung mit Anschluss seines Geschirrspülers nicht zu Hause und braucht einen anderen Termin.",
                True,
                "'Der Termin ist am Freitag, aber da bin ich nicht zu Hause.'",
            ),
            (
                "custom_actions",
                "Der Mitarbeiter hat die Lieferung des Aqualis S45 (Bestellung HP-482207) vom 13. November auf Dienstag, den 17. November, 12 bis 18 Uhr, verlegt.",
                True,
                "Agent: 'Aqualis S45, Lieferung am Freitag, dem 13. November ... auf Dienstag, den 17. November, zwischen 12 und 18 Uhr verschoben'.",
            ),
            (
                "custom_actions",
                "Der Fahrer meldet sich rund eine halbe Stunde vorher telefonisch.",
                True,
                "'Der Fahrer ruft etwa 30 Minuten vorher an.'",
            ),
            (
                "custom_actions",
                "Die Mitnahme des Altgeräts ist ohne Aufpreis bereits in der Bestellung enthalten.",
                True,
                "'die Altgerätemitnahme ist schon in Ihrer Bestellung enthalten, das kostet nichts extra'.",
            ),
            (
                "custom_actions",
                "Das alte Gerät muss vorher ausgeräumt sein.",
                True,
                "'Bitte räumen Sie das alte Gerät vorher aus.'",
            ),
            ("escalated", "Escalated: No", True, "The agent rebooked the delivery himself."),
        ],
        {"custom_actions": [True, True, True, True], "escalated": [True]},
        {
            "situation": [
                [("Not at home for Friday's delivery and connection of the dishwasher", True)]
            ],
            "custom_actions": [
                [
                    ("Moved the delivery to Tuesday, 12:00 to 18:00", True),
                    ("The driver calls about 30 minutes ahead", True),
                    ("Removal of the old appliance already included at no charge", True),
                ],
                [
                    ("Original delivery Friday, November 13", True),
                    ("New delivery Tuesday, November 17, 12:00 to 18:00", True),
                ],
                [("Order HP-482207", True)],
                [("Delivery date changed from November 13 to November 17", True)],
            ],
        },
        language="de",
    )
)

# 11. Italian ski hire: the party counted wrong; "dopodomani" resolved to the wrong day;
# the price without adult helmets kept right.
ROWS.append(
    conversation(
        "new6-011",
        "chat",
        "scheduling",
        "2026-12-03T17:10:00Z",
        "Giulia",
        [
            (
                "customer",
                "Buonasera, vorrei noleggiare gli sci per la mia famiglia da dopodomani per una settimana. Siamo in quattro: due adulti e due bambini.",
            ),
            (
                "agent",
                "Buonasera, sono Giulia di Neve Sport Cervinia. Per quattro persone per 7 giorni il pacchetto famiglia costa 380 euro, con sci, scarponi e caschi.",
            ),
            ("customer", "I bambini hanno 8 e 11 anni. Servono i caschi anche per noi adulti?"),
            (
                "agent",
                "Per gli adulti il casco non è obbligatorio; senza i due caschi per adulti il prezzo scende a 350 euro.",
            ),
            ("customer", "Allora niente caschi per gli adulti."),
            (
                "agent",
                "Perfetto, ho prenotato il pacchetto a 350 euro, prenotazione NS-1186. Dopodomani potete ritirare tutto dalle 8:00 in negozio, in via Carrel 12.",
            ),
            ("customer", "Devo pagare adesso?"),
            (
                "agent",
                "No, si paga al ritiro. Se cancellate almeno 48 ore prima, non c'è nessuna penale.",
            ),
            ("customer", "Ottimo, grazie mille."),
        ],
        {
            "situation": "Il cliente voleva noleggiare l'attrezzatura da sci per una settimana, da dopodomani, per una famiglia di cinque persone.",
            "next_steps": "Il ritiro è previsto domenica 6 dicembre dalle 8:00 nel negozio di via Carrel 12. Il pagamento di 350 euro si fa al ritiro. La cancellazione è gratuita fino a 48 ore prima.",
            "entities": "prenotazione: NS-1186\nprezzo: 350 euro\nnegozio: via Carrel 12",
        },
        [
            (
                "situation",
                "Il cliente voleva noleggiare l'attrezzatura da sci per una settimana, da dopodomani, per una famiglia di cinque persone.",
                False,
                "The family is four people: 'Siamo in quattro: due adulti e due bambini.'",
            ),
            (
                "next_steps",
                "Il ritiro è previsto domenica 6 dicembre dalle 8:00 nel negozio di via Carrel 12.",
                False,
                "Pick-up is 'dopodomani'; the chat is on Thursday, December 3, so that is Saturday, December 5.",
            ),
            (
                "next_steps",
                "Il pagamento di 350 euro si fa al ritiro.",
                True,
                "'ho prenotato il pacchetto a 350 euro'; 'si paga al ritiro'.",
            ),
            (
                "next_steps",
                "La cancellazione è gratuita fino a 48 ore prima.",
                True,
                "'Se cancellate almeno 48 ore prima, non c'è nessuna penale.'",
            ),
            ("entities", "prenotazione: NS-1186", True, "Booking number given by the agent."),
            ("entities", "prezzo: 350 euro", True, "Price without the adult helmets."),
            ("entities", "negozio: via Carrel 12", True, "Shop address given by the agent."),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    ("A week of ski hire from the day after tomorrow", True),
                    ("A family of four: two adults and two children (8 and 11)", False),
                ]
            ],
            "next_steps": [
                [
                    (
                        "Pick-up the day after tomorrow (December 5) from 8:00 at via Carrel 12",
                        False,
                    ),
                    ("Pay €350 at pick-up", True),
                    ("No penalty if cancelled at least 48 hours before", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Booking NS-1186", True),
                    ("Price €350 without adult helmets", True),
                    ("Shop at via Carrel 12", True),
                ]
            ],
        },
        language="it",
    )
)

# 12. Portuguese digital newspaper: clean; a retention offer declined and told as declined,
# "metade do preço" as "meio preço", a refund-given category.
ROWS.append(
    conversation(
        "new6-012",
        "chat",
        "retention",
        "2026-08-25T20:05:00Z",
        "Beatriz",
        [
            (
                "customer",
                "Boa noite, quero cancelar a minha assinatura digital do Diário do Tejo. Número de assinante 55-20814.",
            ),
            ("agent", "Boa noite, fala a Beatriz. Posso perguntar o motivo?"),
            (
                "customer",
                "Vou mudar-me para o estrangeiro no próximo mês e quase não tenho tempo para ler.",
            ),
            (
                "agent",
                "Compreendo. Posso oferecer-lhe três meses a metade do preço, 3,50 euros por mês em vez de 7.",
            ),
            ("customer", "Obrigado, mas não, prefiro cancelar mesmo."),
            (
                "agent",
                "Sem problema. Cancelei a assinatura; mantém o acesso até ao fim do período pago, a 31 de agosto, e não haverá mais cobranças.",
            ),
            ("customer", "Perfeito. Recebo alguma confirmação?"),
            ("agent", "Sim, enviei agora um e-mail de confirmação para o endereço da conta."),
            ("customer", "Obrigado, boa noite."),
        ],
        {
            "reason_for_cancellation": "O cliente vai viver para fora do país no mês que vem e tem pouco tempo para ler.",
            "action": "A agente propôs três meses a meio preço (3,50 euros em vez de 7 euros por mês), que o cliente recusou. Depois cancelou a assinatura, sem novas cobranças e com acesso até 31 de agosto, e enviou um e-mail de confirmação.",
            "refund_given": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "reason_for_cancellation",
                "O cliente vai viver para fora do país no mês que vem e tem pouco tempo para ler.",
                True,
                "'Vou mudar-me para o estrangeiro no próximo mês e quase não tenho tempo para ler.'",
            ),
            (
                "action",
                "A agente propôs três meses a meio preço (3,50 euros em vez de 7 euros por mês), que o cliente recusou.",
                True,
                "Offer of three months at half price; 'Obrigado, mas não, prefiro cancelar mesmo.'",
            ),
            (
                "action",
                "A agente cancelou a assinatura, sem novas cobranças e com acesso até 31 de agosto.",
                True,
                "'Cancelei a assinatura; mantém o acesso ... a 31 de agosto, e não haverá mais cobranças.'",
            ),
            (
                "action",
                "A agente enviou um e-mail de confirmação.",
                True,
                "'enviei agora um e-mail de confirmação'.",
            ),
            ("refund_given", "Refund given: No", True, "No money was given back."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Perfeito' ... 'Obrigado, boa noite.'",
            ),
        ],
        {"refund_given": [True]},
        {
            "reason_for_cancellation": [
                [("Moving abroad next month", True), ("Hardly has time to read", True)]
            ],
            "action": [
                [
                    (
                        "Offered three months at half price, €3.50 instead of €7 a month; declined",
                        True,
                    ),
                    ("Cancelled; access until August 31 and no further charges", True),
                    ("Sent a confirmation email", True),
                ]
            ],
        },
        language="pt",
    )
)

# 13. Dutch electric-boat rental: "afgelopen zaterdag" resolved right; a refund that depends on
# the damage team told as paid; a wrong satisfaction value; escalation told right.
ROWS.append(
    conversation(
        "new6-013",
        "voice",
        "billing",
        "2026-06-04T13:20:00Z",
        "Sanne",
        [
            ("agent", "Goedemiddag, Grachtsloep Verhuur, u spreekt met Sanne."),
            (
                "customer",
                "Hallo, ik heb afgelopen zaterdag een elektrische sloep gehuurd, boeking GS-2093. Van mijn borg van 150 euro heb ik maar 110 euro terug gekregen.",
            ),
            (
                "agent",
                "Ik zie het. Er is 40 euro ingehouden voor een kras op de zijkant van de boot.",
            ),
            (
                "customer",
                "Die kras zat er al toen we vertrokken! Ik heb er zelfs een foto van gemaakt.",
            ),
            (
                "agent",
                "Dat kan ik zelf niet beoordelen. Ik stuur uw melding door naar onze schadeafdeling. Wilt u de foto mailen naar schade@grachtsloep.example?",
            ),
            ("customer", "Dat doe ik vandaag nog. Hoe lang duurt het?"),
            (
                "agent",
                "De schadeafdeling belt u binnen drie werkdagen terug. Als ze u gelijk geven, krijgt u de 40 euro terug op uw rekening.",
            ),
            ("customer", "Oké. Ik vind het wel vervelend dat ik hier zelf achteraan moet."),
            ("agent", "Dat begrijp ik, excuses daarvoor."),
        ],
        {
            "situation": "De klant huurde op zaterdag 30 mei een elektrische sloep (boeking GS-2093) en kreeg van de borg van 150 euro maar 110 euro terug.",
            "action": "De medewerker zag dat er 40 euro was ingehouden voor een kras op de zijkant, die er volgens de klant al zat. De medewerker stortte de 40 euro terug en gaf de melding door aan de schadeafdeling, die binnen drie werkdagen terugbelt. De klant mailt een foto van de kras.",
            "customer_satisfaction": "N",
            "escalated": "Yes",
        },
        [
            (
                "situation",
                "De klant huurde op zaterdag 30 mei een elektrische sloep (boeking GS-2093) en kreeg van de borg van 150 euro maar 110 euro terug.",
                True,
                "'afgelopen zaterdag'; the call is on Thursday, June 4, so last Saturday is May 30; €110 of the €150 deposit returned.",
            ),
            (
                "action",
                "De medewerker zag dat er 40 euro was ingehouden voor een kras op de zijkant, die er volgens de klant al zat.",
                True,
                "'40 euro ingehouden voor een kras op de zijkant'; 'Die kras zat er al toen we vertrokken!'",
            ),
            (
                "action",
                "De medewerker stortte de 40 euro terug.",
                False,
                "Not done: the €40 comes back only if the damage team agrees.",
            ),
            (
                "action",
                "De medewerker gaf de melding door aan de schadeafdeling, die binnen drie werkdagen terugbelt.",
                True,
                "'Ik stuur uw melding door naar onze schadeafdeling'; 'belt u binnen drie werkdagen terug'.",
            ),
            (
                "action",
                "De klant mailt een foto van de kras.",
                True,
                "Agent asks to mail the photo; customer: 'Dat doe ik vandaag nog.'",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                False,
                "The customer ends annoyed: 'Ik vind het wel vervelend dat ik hier zelf achteraan moet.' (D)",
            ),
            ("escalated", "Escalated: Yes", True, "Passed on to the damage department."),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [
                    ("Rented an electric sloep last Saturday, booking GS-2093", True),
                    ("Only €110 of the €150 deposit was returned", True),
                ]
            ],
            "action": [
                [
                    ("€40 withheld for a scratch on the side of the boat", True),
                    (
                        "Forwarded to the damage department, which calls back within three working days",
                        True,
                    ),
                    ("The customer emails a photo of the scratch", True),
                    ("The €40 is returned only if the damage department agrees", False),
                ]
            ],
        },
        language="nl",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
