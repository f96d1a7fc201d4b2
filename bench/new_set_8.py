"""The eighth new labelled set of issue 12, written by a helper who never saw the local judge's
rules or code (nothing under evaluations/judges/ or tests/judges/, not bench/local_judge.py, not
the README's sections on the judge's rules), labelled by the rules of ../shared/data/cc/README.md,
and committed before any judge ran on it.

    .venv/bin/python bench/new_set_8.py      # writes bench/data/cc_new8.jsonl

Domains no earlier set used: a heat-pump installer, a coworking space, a laundry and
dry-cleaning pickup service, an emergency locksmith, a children's summer day camp, a piano tuner,
a natural-history museum membership, a Spanish surf school, a French blood-donation centre, a
French dog groomer, a German kitchen fitter, an Italian print shop (business cards), a Portuguese
physiotherapy clinic and a Dutch pet-boarding kennel. Seven conversations are in English; the
others are in Spanish, French (two), German, Italian, Portuguese and Dutch, with the summary and
the completeness facts in the conversation's language. Sections mix the predefined ones
(situation, action, resolution, customer satisfaction, entities, reason for cancellation),
free-text custom ones (custom actions, follow-up) and categorical custom ones (call driver,
escalated, refund given); two summaries (new8-007, new8-011) use only predefined sections.

Error classes planted, in wordings written for this set: a superseded value (a heat-pump total
revised for a wall bracket, a grooming price revised after the customer corrected the dog's
weight), negation (a meeting-room overrun removed but summarised as charged; a kennel deposit
not withheld but summarised as withheld), offered versus done (a free re-press of a scorched coat
declined but summarised as arranged), a value bound to the wrong noun (the locksmith's callout
fee given as the cylinder price; the wetsuit hire given as board hire), entity substitution (the
garage wall for the patio wall; the hob for the extractor hood), wrong counts (four camp weeks
for three; two reprinted boxes for one), relative dates resolved wrongly ("this Saturday" a week
late, "overmorgen" a day early), wrong categorical values (escalated, customer satisfaction,
resolution), an ignored style rule and descriptive text in a categorical section (adherence),
and omissions (completeness). Four summaries are clean (new8-006, new8-007, new8-009,
new8-013). The summaries also hold hard correct points: paraphrase, correctly resolved relative
dates ("Friday of next week", "within two working days", "yesterday", "tonight", "el jueves que
viene", "après-demain", "la veille", "demain", "gestern", "morgen", "dopodomani", "entro lunedì",
"na próxima segunda-feira", "amanhã"), "$1,350", "$1,431", "2.500 €", "1.500 biglietti",
"8:00 AM" and "11:15 PM" mid-sentence, "a 45-minute survey", "a 9-volt battery" and numbers in
words ("two shirts", "tres semanas", "oito sessões", "twee nachten").

14 conversations, 129 accuracy points (16 inaccurate), 62 adherence questions, 124 completeness
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

OUT = Path(__file__).resolve().parent / "data" / "cc_new8.jsonl"

ROWS: list[dict] = []

# 1. Heat-pump installer: the total revised for a wall bracket but kept at the quoted figure
# (superseded); the bracket put on the garage wall instead of the patio wall (entity
# substitution); "Friday of next week" resolved right, "$1,350" and "at 8:00 AM" mid-sentence.
ROWS.append(
    conversation(
        "new8-001",
        "voice",
        "scheduling",
        "2026-03-19T09:40:00Z",
        "Tobias",
        [
            ("agent", "Brackenridge Climate, Tobias speaking. How can I help?"),
            (
                "customer",
                "Hi, this is Imogen Farrow. You sent me a quote for an air-source heat pump last week, job reference HP-20817, and I'd like to go ahead with it.",
            ),
            (
                "agent",
                "Lovely, let me pull it up. Yes, the 9-kilowatt Aeris unit, mounted on the back patio wall, with the old oil boiler taken out. The quote says $11,900 all in.",
            ),
            ("customer", "That's the figure I have, yes."),
            (
                "agent",
                "Before I book anything, I can see the surveyor flagged that the patio wall needs a steel bracket because of the render. Hang on... right, with the bracket the total comes to $12,450. Sorry, the quote should have included that.",
            ),
            ("customer", "That's annoying, but fine. What about the rebate?"),
            (
                "agent",
                "The $2,000 state rebate comes off after installation, and we file the claim for you. To secure the booking we take a deposit of $1,350 today.",
            ),
            ("customer", "Okay, put it on the card ending 6604."),
            (
                "agent",
                "Done, $1,350 taken. I can book the pre-install survey for Friday of next week at 8:00 AM. It's a 45-minute visit.",
            ),
            ("customer", "That works. Will the installers need the oil tank emptied?"),
            (
                "agent",
                "Ideally it should be below a quarter full. The installation itself takes two days, and we'll fix those dates with you at the survey.",
            ),
            ("customer", "Great, thanks Tobias."),
        ],
        {
            "situation": "Imogen Farrow called to go ahead with her air-source heat pump quote. She had been quoted for a 9-kilowatt Aeris unit, with the old oil boiler taken out.",
            "custom_actions": "For job HP-20817, the agent confirmed the total of $11,900. The agent took a $1,350 deposit on the card ending 6604. The company will file the $2,000 state rebate after installation. The agent booked a 45-minute pre-install survey for Friday, March 27 at 8:00 AM. A steel bracket is needed on the garage wall because of the render.",
            "follow_up": "The representative will fix the dates of the two-day installation at the survey on March 27.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Imogen Farrow called to go ahead with her air-source heat pump quote.",
                True,
                "Customer: 'I'd like to go ahead with it.'",
            ),
            (
                "situation",
                "She had been quoted for a 9-kilowatt Aeris unit, with the old oil boiler taken out.",
                True,
                "Agent: 'the 9-kilowatt Aeris unit ... with the old oil boiler taken out'.",
            ),
            (
                "custom_actions",
                "For job HP-20817, the agent confirmed the total of $11,900.",
                False,
                "The agent revised the total to $12,450 once the bracket was added; $11,900 was superseded.",
            ),
            (
                "custom_actions",
                "The agent took a $1,350 deposit on the card ending 6604.",
                True,
                "Agent: 'Done, $1,350 taken.' Customer: 'the card ending 6604'.",
            ),
            (
                "custom_actions",
                "The company will file the $2,000 state rebate after installation.",
                True,
                "Agent: 'The $2,000 state rebate comes off after installation, and we file the claim for you.'",
            ),
            (
                "custom_actions",
                "The agent booked a 45-minute pre-install survey for Friday, March 27 at 8:00 AM.",
                True,
                "Friday of next week, seen from Thursday, March 19, is March 27; 8:00 AM, 45 minutes.",
            ),
            (
                "custom_actions",
                "A steel bracket is needed on the garage wall because of the render.",
                False,
                "The bracket is for the back patio wall; no garage wall is mentioned.",
            ),
            (
                "follow_up",
                "The representative will fix the dates of the two-day installation at the survey on March 27.",
                True,
                "Agent: 'The installation itself takes two days, and we'll fix those dates with you at the survey.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The customer went ahead, paid the deposit and booked the survey; her questions were answered.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Imogen Farrow wants to go ahead with her heat pump quote", True),
                    ("9-kilowatt Aeris air-source unit replacing the oil boiler", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Took a $1,350 deposit on the card ending 6604", True),
                    ("Booked a 45-minute pre-install survey", True),
                    (
                        "Explained the company files the $2,000 state rebate after installation",
                        True,
                    ),
                ],
                [("Survey on Friday of next week (March 27) at 8:00 AM", True)],
                [("Job reference HP-20817", True)],
                [
                    (
                        "Total revised from $11,900 to $12,450 for a steel bracket on the patio wall",
                        False,
                    )
                ],
            ],
            "follow_up": [
                [("Dates of the two-day installation to be fixed at the survey", True)],
                [],
            ],
        },
    )
)

# 2. Coworking space: a meeting-room overrun removed from the invoice but summarised as charged
# (negation); descriptive text in the call driver (adherence); "within two working days"
# resolved right.
ROWS.append(
    conversation(
        "new8-002",
        "chat",
        "billing",
        "2026-04-21T13:15:00Z",
        "Rosalind",
        [
            (
                "customer",
                "hi, my April invoice INV-4471-A has a $45 meeting room overrun charge on it. I'm on the Flex Desk plan, name is Kwame Adjei",
            ),
            ("agent", "Hi Kwame, Rosalind from Hatchworks here. Let me check the booking log."),
            (
                "agent",
                "I see the Birch room was booked from 2 to 4 PM on April 14, and the door sensor shows it was released at 4:40 PM.",
            ),
            (
                "customer",
                "yes because the 4 PM group never turned up and your front desk told us we could stay on",
            ),
            (
                "agent",
                "That matches a note from reception. Since you were told to stay, I've taken the $45 overrun off the invoice, so you won't pay it.",
            ),
            (
                "customer",
                "great. while you're here, can I move from Flex Desk to a Fixed Desk from May?",
            ),
            (
                "agent",
                "Sure. Fixed Desk is $310 a month, against $240 for Flex. I've switched you from May 1, and the locker that comes with it is number 27.",
            ),
            ("customer", "perfect. will the corrected invoice come by email?"),
            (
                "agent",
                "Yes, a corrected April invoice for $240 goes out by email within two working days.",
            ),
            ("customer", "thanks!"),
        ],
        {
            "situation": "Kwame Adjei, on the Flex Desk plan, disputed a $45 meeting room overrun on April invoice INV-4471-A. He also wanted a Fixed Desk from May.",
            "action": "The agent checked the log: the Birch room was kept until 4:40 PM because reception told the group to stay. The $45 overrun was charged to the April invoice. The agent switched the plan to Fixed Desk at $310 a month from May 1, with locker 27.",
            "follow_up": "A corrected April invoice for $240 will be emailed within two working days, by April 23.",
            "call_driver": "Billing - disputed meeting room overrun",
        },
        [
            (
                "situation",
                "Kwame Adjei, on the Flex Desk plan, disputed a $45 meeting room overrun on April invoice INV-4471-A.",
                True,
                "First customer message.",
            ),
            (
                "situation",
                "He also wanted a Fixed Desk from May.",
                True,
                "Customer: 'can I move from Flex Desk to a Fixed Desk from May?'",
            ),
            (
                "action",
                "The agent checked the log: the Birch room was kept until 4:40 PM because reception told the group to stay.",
                True,
                "Agent: 'released at 4:40 PM'; customer: 'your front desk told us we could stay on'; agent: 'That matches a note from reception.'",
            ),
            (
                "action",
                "The $45 overrun was charged to the April invoice.",
                False,
                "The reverse: the agent took the $45 overrun off the invoice.",
            ),
            (
                "action",
                "The agent switched the plan to Fixed Desk at $310 a month from May 1, with locker 27.",
                True,
                "Agent: 'Fixed Desk is $310 a month ... I've switched you from May 1 ... locker ... number 27.'",
            ),
            (
                "follow_up",
                "A corrected April invoice for $240 will be emailed within two working days, by April 23.",
                True,
                "Two working days after Tuesday, April 21 is Thursday, April 23.",
            ),
            (
                "call_driver",
                "Call driver: Billing - disputed meeting room overrun",
                True,
                "A disputed charge on an invoice is a billing contact; the added text is not wrong, only not an allowed value.",
            ),
        ],
        {"follow_up": [True, True], "call_driver": [False]},
        {
            "situation": [
                [
                    ("Disputes a $45 meeting room overrun on April invoice INV-4471-A", True),
                    ("Wants to move from Flex Desk to Fixed Desk from May", True),
                ]
            ],
            "action": [
                [
                    (
                        "Checked the booking log: Birch room released at 4:40 PM after reception told the group to stay",
                        True,
                    ),
                    ("Took the $45 overrun off the invoice", False),
                    ("Switched to Fixed Desk ($310 a month instead of $240) from May 1", True),
                    ("Locker number 27", True),
                ]
            ],
            "follow_up": [
                [("Corrected invoice for $240 by email within two working days", True)],
                [],
            ],
        },
    )
)

# 3. Laundry and dry cleaning: a free re-press offered and declined, summarised as arranged
# (offered versus done); the follow-up says 'agent' (adherence); a date left out of the custom
# actions (omission); "yesterday" and "by Monday" resolved right.
ROWS.append(
    conversation(
        "new8-003",
        "voice",
        "returns",
        "2026-05-14T17:20:00Z",
        "Farida",
        [
            ("agent", "Pressly Laundry and Dry Cleaning, Farida speaking."),
            (
                "customer",
                "Hi, your driver brought back my dry cleaning yesterday, order DC-30958, and my grey wool overcoat has a shiny scorch mark on the left sleeve.",
            ),
            (
                "agent",
                "I'm really sorry about that. I can see the overcoat on the order, along with two shirts and a pair of trousers. Are the other items all right?",
            ),
            ("customer", "The shirts are fine, the trousers too. It's just the coat."),
            (
                "agent",
                "I can send the driver to collect it tomorrow and have our specialist re-press it to try to lift the mark, free of charge.",
            ),
            (
                "customer",
                "Honestly, I don't want it going back into the same press. I'd rather just get something back for it.",
            ),
            (
                "agent",
                "Understood. Then I'll refund the $38 you paid for the coat and add a $50 credit toward a repair at a tailor, if that helps.",
            ),
            ("customer", "Yes, that's fair."),
            (
                "agent",
                "The $38 goes back to your card in three to five working days, and the $50 credit will show on your account by Monday. I'll also file an incident report with the plant manager.",
            ),
            ("customer", "Okay. Thanks, Farida."),
        ],
        {
            "custom_actions": "For order DC-30958, the agent arranged for the grey wool overcoat to be collected tomorrow and re-pressed free of charge. The coat has a scorch mark on the left sleeve. The two shirts and the trousers were fine. The agent refunded the $38 paid for the coat. The agent added a $50 credit toward a tailor's repair. The order was delivered on May 13.",
            "follow_up": "The agent will file an incident report with the plant manager. The $38 refund reaches the card in three to five working days. The $50 credit shows on the account by Monday, May 18.",
            "refund_given": "Yes",
            "customer_satisfaction": "N",
        },
        [
            (
                "custom_actions",
                "For order DC-30958, the agent arranged for the grey wool overcoat to be collected tomorrow and re-pressed free of charge.",
                False,
                "The collection and re-press were offered; the customer declined them and took a refund and credit instead.",
            ),
            (
                "custom_actions",
                "The coat has a scorch mark on the left sleeve.",
                True,
                "Customer: 'a shiny scorch mark on the left sleeve'.",
            ),
            (
                "custom_actions",
                "The two shirts and the trousers were fine.",
                True,
                "Customer: 'The shirts are fine, the trousers too.'",
            ),
            (
                "custom_actions",
                "The agent refunded the $38 paid for the coat.",
                True,
                "Agent: 'I'll refund the $38 you paid for the coat'; the customer accepted.",
            ),
            (
                "custom_actions",
                "The agent added a $50 credit toward a tailor's repair.",
                True,
                "Agent: 'add a $50 credit toward a repair at a tailor'.",
            ),
            (
                "custom_actions",
                "The order was delivered on May 13.",
                True,
                "Yesterday, seen from May 14.",
            ),
            (
                "follow_up",
                "The agent will file an incident report with the plant manager.",
                True,
                "Agent: 'I'll also file an incident report with the plant manager.'",
            ),
            (
                "follow_up",
                "The $38 refund reaches the card in three to five working days.",
                True,
                "Agent: 'The $38 goes back to your card in three to five working days'.",
            ),
            (
                "follow_up",
                "The $50 credit shows on the account by Monday, May 18.",
                True,
                "The Monday after Thursday, May 14 is May 18.",
            ),
            (
                "refund_given",
                "Refund given: Yes",
                True,
                "The $38 refund to the card was issued during the call.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Yes, that's fair.' 'Okay. Thanks, Farida.'",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, False],
            "refund_given": [True],
        },
        {
            "custom_actions": [
                [
                    ("Offered a free collection and re-press, which the customer declined", False),
                    ("Refunded the $38 paid for the coat", True),
                    ("Added a $50 credit toward a tailor's repair", True),
                ],
                [
                    ("Dry cleaning delivered yesterday (May 13)", True),
                    ("$50 credit on the account by Monday", False),
                ],
                [("Order DC-30958", True)],
                [("$50 credit added to the customer's account", True)],
            ],
            "follow_up": [
                [
                    ("Incident report to the plant manager", True),
                    ("$38 back on the card in three to five working days", True),
                    ("$50 credit on the account by Monday", True),
                ],
                [],
            ],
        },
    )
)

# 4. Emergency locksmith: the callout fee given as the cylinder price (a value bound to the
# wrong noun); a transfer to the night dispatch supervisor summarised as not escalated; "a
# 9-volt battery" and "by 11:15 PM" kept right.
ROWS.append(
    conversation(
        "new8-004",
        "voice",
        "tech",
        "2026-06-11T22:05:00Z",
        "Osei",
        [
            ("agent", "Keyfast Locksmiths emergency line, Osei speaking."),
            (
                "customer",
                "Hi, I'm Marguerite Bell. The keypad on my smart lock has gone dead and I'm stuck outside my flat. It's a Tollan S4.",
            ),
            (
                "agent",
                "Sorry to hear that. Have you tried holding a 9-volt battery against the two contacts under the keypad?",
            ),
            ("customer", "Yes, I tried that, nothing happens."),
            (
                "agent",
                "Okay. The emergency callout after 9 PM is $85, and if the cylinder has failed, a replacement cylinder is $140 fitted. The first 30 minutes of labour are included.",
            ),
            ("customer", "Fine, just get someone here, please."),
            (
                "agent",
                "Our nearest technician is on another job, so I'm putting you through to the night dispatch supervisor; she can reroute someone.",
            ),
            ("system", "Call transferred to night dispatch."),
            (
                "agent",
                "Hi, Janelle here, night dispatch supervisor. I've rerouted Callum to you; he'll be there within the hour, by 11:15 PM at the latest.",
            ),
            ("customer", "Thank you. Is there a job number?"),
            ("agent", "Yes, job KF-66102. Callum will text you when he's ten minutes away."),
            ("customer", "Great, thanks so much."),
        ],
        {
            "situation": "Marguerite Bell was locked out of her flat because the keypad of her Tollan S4 smart lock had died. A 9-volt battery on the contacts did not help.",
            "action": "The agent quoted the after-9 PM emergency callout. A replacement cylinder would cost $85 fitted. Night dispatch rerouted technician Callum, who will arrive by 11:15 PM. Callum will text when ten minutes away.",
            "escalated": "No",
            "entities": "customer_name: Marguerite Bell\nlock_model: Tollan S4\njob_number: KF-66102\ntechnician: Callum\ncallout_fee: $85\ncylinder_price: $140",
        },
        [
            (
                "situation",
                "Marguerite Bell was locked out of her flat because the keypad of her Tollan S4 smart lock had died.",
                True,
                "Customer: 'The keypad on my smart lock has gone dead and I'm stuck outside my flat. It's a Tollan S4.'",
            ),
            (
                "situation",
                "A 9-volt battery on the contacts did not help.",
                True,
                "Customer: 'Yes, I tried that, nothing happens.'",
            ),
            (
                "action",
                "The agent quoted the after-9 PM emergency callout.",
                True,
                "Agent: 'The emergency callout after 9 PM is $85'.",
            ),
            (
                "action",
                "A replacement cylinder would cost $85 fitted.",
                False,
                "$85 is the callout fee; a fitted replacement cylinder is $140.",
            ),
            (
                "action",
                "Night dispatch rerouted technician Callum, who will arrive by 11:15 PM.",
                True,
                "Janelle: 'I've rerouted Callum to you; he'll be there ... by 11:15 PM at the latest.'",
            ),
            (
                "action",
                "Callum will text when ten minutes away.",
                True,
                "Janelle: 'Callum will text you when he's ten minutes away.'",
            ),
            (
                "escalated",
                "Escalated: No",
                False,
                "The call was put through to the night dispatch supervisor, so it was escalated.",
            ),
            (
                "entities",
                "customer_name: Marguerite Bell",
                True,
                "Customer: 'I'm Marguerite Bell.'",
            ),
            ("entities", "lock_model: Tollan S4", True, "Customer: 'It's a Tollan S4.'"),
            ("entities", "job_number: KF-66102", True, "Janelle: 'job KF-66102'."),
            ("entities", "technician: Callum", True, "Janelle: 'I've rerouted Callum to you'."),
            (
                "entities",
                "callout_fee: $85",
                True,
                "Agent: 'The emergency callout after 9 PM is $85'.",
            ),
            (
                "entities",
                "cylinder_price: $140",
                True,
                "Agent: 'a replacement cylinder is $140 fitted'.",
            ),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [
                    ("Locked out of her flat; the Tollan S4 smart lock keypad is dead", True),
                    ("The 9-volt battery trick did not work", True),
                ]
            ],
            "action": [
                [
                    (
                        "Quoted an $85 emergency callout after 9 PM and $140 for a fitted replacement cylinder",
                        False,
                    ),
                    ("Transferred the call to the night dispatch supervisor", False),
                    ("Technician Callum rerouted, arriving by 11:15 PM", True),
                    ("Job number KF-66102", False),
                    ("Callum will text ten minutes before arriving", True),
                ]
            ],
            "entities": [
                [
                    ("Customer name Marguerite Bell", True),
                    ("Lock model Tollan S4", True),
                    ("Job number KF-66102", True),
                    ("Technician Callum", True),
                    ("Callout fee $85", True),
                    ("Replacement cylinder $140", True),
                ]
            ],
        },
    )
)

# 5. Children's summer day camp: three weeks summarised as four (wrong count); "this Saturday"
# resolved a week late; "tonight" and "$1,431" kept right; the forms' deadline left out of the
# custom actions (omission).
ROWS.append(
    conversation(
        "new8-005",
        "voice",
        "scheduling",
        "2026-06-02T15:30:00Z",
        "Beatriz",
        [
            ("agent", "Cedar Hollow Day Camp, this is Beatriz. How can I help you?"),
            (
                "customer",
                "Hi, I'm Howard Lindqvist. I'd like to register my two kids for summer camp, Elsie, who's eight, and Rafe, who's ten.",
            ),
            ("agent", "Happy to. Which weeks are you thinking of?"),
            ("customer", "The three weeks starting June 29."),
            (
                "agent",
                "So the weeks of June 29, July 6 and July 13. It's $265 per child per week, so $1,590, and the 10% sibling discount brings that down to $1,431.",
            ),
            ("customer", "Okay. Do they need to come to anything before camp starts?"),
            (
                "agent",
                "There's a parent orientation this Saturday at 10:00 AM in the lodge; it's a 30-minute session. I'll also email you the medical forms tonight, and they need to be back by June 19.",
            ),
            ("customer", "Rafe has a peanut allergy. Is that a problem?"),
            (
                "agent",
                "Not at all, the camp is nut-free, and I've added the allergy to his file. Your registration number is CH-5127.",
            ),
            ("customer", "Great, thanks a lot."),
        ],
        {
            "situation": "Howard Lindqvist called to sign up his two children, Elsie (8) and Rafe (10), for summer day camp.",
            "custom_actions": "The agent registered both children for four weeks from June 29. The price is $265 per child per week with a 10% sibling discount, for a total of $1,431. The registration number is CH-5127. The agent added Rafe's peanut allergy to his file and confirmed the camp is nut-free. The 30-minute parent orientation is on Saturday, June 13 at 10:00 AM.",
            "follow_up": "The representative will email the medical forms this evening, June 2. The forms must be returned by June 19.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Howard Lindqvist called to sign up his two children, Elsie (8) and Rafe (10), for summer day camp.",
                True,
                "Customer: 'register my two kids for summer camp, Elsie, who's eight, and Rafe, who's ten'.",
            ),
            (
                "custom_actions",
                "The agent registered both children for four weeks from June 29.",
                False,
                "Three weeks: June 29, July 6 and July 13.",
            ),
            (
                "custom_actions",
                "The price is $265 per child per week with a 10% sibling discount, for a total of $1,431.",
                True,
                "Agent: '$265 per child per week ... the 10% sibling discount brings that down to $1,431'.",
            ),
            (
                "custom_actions",
                "The registration number is CH-5127.",
                True,
                "Agent: 'Your registration number is CH-5127.'",
            ),
            (
                "custom_actions",
                "The agent added Rafe's peanut allergy to his file and confirmed the camp is nut-free.",
                True,
                "Agent: 'the camp is nut-free, and I've added the allergy to his file'.",
            ),
            (
                "custom_actions",
                "The 30-minute parent orientation is on Saturday, June 13 at 10:00 AM.",
                False,
                "'This Saturday', seen from Tuesday, June 2, is June 6, not June 13.",
            ),
            (
                "follow_up",
                "The representative will email the medical forms this evening, June 2.",
                True,
                "Agent: 'I'll also email you the medical forms tonight'; the call is on June 2.",
            ),
            (
                "follow_up",
                "The forms must be returned by June 19.",
                True,
                "Agent: 'they need to be back by June 19'.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Both children were registered and the allergy question was answered.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, True]},
        {
            "situation": [[("Register Elsie (8) and Rafe (10) for summer camp", True)]],
            "custom_actions": [
                [
                    ("Registered Elsie and Rafe for the three weeks starting June 29", False),
                    ("Added Rafe's peanut allergy to his file; the camp is nut-free", True),
                ],
                [
                    ("Weeks of June 29, July 6 and July 13", False),
                    ("Parent orientation this Saturday (June 6) at 10:00 AM", False),
                    ("Medical forms due back by June 19", False),
                ],
                [("Registration number CH-5127", True)],
                [("$1,590 reduced to $1,431 by the 10% sibling discount", True)],
            ],
            "follow_up": [
                [
                    ("Medical forms emailed tonight", True),
                    ("Forms to be returned by June 19", True),
                ],
                [],
            ],
        },
    )
)

# 6. Piano tuner: clean; "Thursday" resolved to October 22, a 90-minute visit, "at 10:30 AM"
# mid-sentence and a paraphrase of "hasn't been tuned in about four years".
ROWS.append(
    conversation(
        "new8-006",
        "chat",
        "scheduling",
        "2026-10-20T08:50:00Z",
        "Lucian",
        [
            (
                "customer",
                "Hello, I'd like to book a tuning for an upright piano, a Wendt from the 1970s. It hasn't been tuned in about four years, I'm afraid.",
            ),
            (
                "agent",
                "Hi, Lucian here from Harmonie Piano Care. After a gap that long it will most likely need a pitch raise first, so I'd book a 90-minute slot rather than the usual hour. A tuning is $140 and the pitch raise adds $60.",
            ),
            ("customer", "OK. Do you have anything this week?"),
            ("agent", "Greta, one of our technicians, is free this Thursday at 10:30 AM."),
            (
                "customer",
                "Thursday morning works. The piano is on the second floor and there's no lift, is that an issue?",
            ),
            (
                "agent",
                "Not for a tuning. You're booked with Greta on Thursday at 10:30 AM, reference PT-4083. Please keep the room at a steady temperature and clear everything off the top of the piano.",
            ),
            ("customer", "Will she tell me if it needs any other work?"),
            (
                "agent",
                "Yes, she'll leave you a written condition report, and if anything needs repair we'll email you a quote within a week.",
            ),
            ("customer", "Lovely, thank you."),
        ],
        {
            "custom_actions": "The agent booked a 90-minute visit with technician Greta on Thursday, October 22 at 10:30 AM. The piano is a 1970s Wendt upright that has gone roughly four years without tuning. The booking reference is PT-4083. The tuning costs $140, plus $60 for the pitch raise it will probably need. The customer was asked to keep the room temperature steady and to clear the top of the piano.",
            "follow_up": "Greta will leave a written condition report at the October 22 visit. Any repair quote will be emailed within a week.",
            "call_driver": "Appointment",
            "customer_satisfaction": "N",
        },
        [
            (
                "custom_actions",
                "The agent booked a 90-minute visit with technician Greta on Thursday, October 22 at 10:30 AM.",
                True,
                "'This Thursday', seen from Tuesday, October 20, is October 22; 90-minute slot, 10:30 AM, Greta.",
            ),
            (
                "custom_actions",
                "The piano is a 1970s Wendt upright that has gone roughly four years without tuning.",
                True,
                "Customer: 'an upright piano, a Wendt from the 1970s. It hasn't been tuned in about four years'.",
            ),
            (
                "custom_actions",
                "The booking reference is PT-4083.",
                True,
                "Agent: 'reference PT-4083'.",
            ),
            (
                "custom_actions",
                "The tuning costs $140, plus $60 for the pitch raise it will probably need.",
                True,
                "Agent: 'it will most likely need a pitch raise first ... A tuning is $140 and the pitch raise adds $60.'",
            ),
            (
                "custom_actions",
                "The customer was asked to keep the room temperature steady and to clear the top of the piano.",
                True,
                "Agent: 'keep the room at a steady temperature and clear everything off the top of the piano'.",
            ),
            (
                "follow_up",
                "Greta will leave a written condition report at the October 22 visit.",
                True,
                "Agent: 'she'll leave you a written condition report'.",
            ),
            (
                "follow_up",
                "Any repair quote will be emailed within a week.",
                True,
                "Agent: 'if anything needs repair we'll email you a quote within a week'.",
            ),
            (
                "call_driver",
                "Call driver: Appointment",
                True,
                "The customer contacted the company to book a tuning visit.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Lovely, thank you.'",
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
                    (
                        "Booked a 90-minute slot with Greta for a tuning and a likely pitch raise",
                        True,
                    ),
                    (
                        "Asked to keep the room temperature steady and clear the top of the piano",
                        True,
                    ),
                ],
                [("This Thursday (October 22) at 10:30 AM", True)],
                [("Booking reference PT-4083", True)],
                [("Price: $140 tuning plus $60 pitch raise", True)],
            ],
            "follow_up": [
                [
                    ("Written condition report at the visit", True),
                    ("Repair quote by email within a week, if needed", True),
                ],
                [],
            ],
        },
    )
)

# 7. Museum membership cancellation: clean; predefined sections only; a pause offered and told
# as declined; "two remaining guest passes" and a paraphrased reason.
ROWS.append(
    conversation(
        "new8-007",
        "chat",
        "retention",
        "2026-09-15T11:10:00Z",
        "Wendell",
        [
            (
                "customer",
                "Hi, I'd like to cancel our family membership, number M-220761. We're moving to Lisbon at the end of the month.",
            ),
            (
                "agent",
                "Hi Ayesha, this is Wendell at the Larchmont Museum of Natural History. Sorry to see you go! Instead of cancelling, I could pause the membership for up to twelve months, in case you come back?",
            ),
            ("customer", "No thanks, we won't be back for years."),
            (
                "agent",
                "Understood. Your membership renews on October 3, so I've cancelled it from that date and turned off auto-renewal. You keep full access until then, including the two guest passes left on your card.",
            ),
            ("customer", "Can I get anything back for this year?"),
            (
                "agent",
                "Memberships can't be refunded part-way through the year, but I can turn your unused $36 parking credit into a gift shop voucher.",
            ),
            ("customer", "Yes please."),
            (
                "agent",
                "Done, voucher code GS-9914 is in your inbox now. A confirmation of the cancellation will follow by email within 24 hours.",
            ),
            ("customer", "Thanks for your help."),
        ],
        {
            "reason_for_cancellation": "The family is relocating to Lisbon at the end of the month. They do not expect to return for years.",
            "action": "The agent offered a pause of up to twelve months, which the customer declined. The agent cancelled family membership M-220761 from its renewal date, October 3, and switched off auto-renewal. Access, including the two remaining guest passes, continues until then. The unused $36 parking credit was turned into a gift shop voucher, code GS-9914. A cancellation confirmation will be emailed within 24 hours.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "reason_for_cancellation",
                "The family is relocating to Lisbon at the end of the month.",
                True,
                "Customer: 'We're moving to Lisbon at the end of the month.'",
            ),
            (
                "reason_for_cancellation",
                "They do not expect to return for years.",
                True,
                "Customer: 'we won't be back for years'.",
            ),
            (
                "action",
                "The agent offered a pause of up to twelve months, which the customer declined.",
                True,
                "Agent offered the pause; customer: 'No thanks'.",
            ),
            (
                "action",
                "The agent cancelled family membership M-220761 from its renewal date, October 3, and switched off auto-renewal.",
                True,
                "Agent: 'renews on October 3, so I've cancelled it from that date and turned off auto-renewal'.",
            ),
            (
                "action",
                "Access, including the two remaining guest passes, continues until then.",
                True,
                "Agent: 'You keep full access until then, including the two guest passes left on your card.'",
            ),
            (
                "action",
                "The unused $36 parking credit was turned into a gift shop voucher, code GS-9914.",
                True,
                "Agent: 'turn your unused $36 parking credit into a gift shop voucher ... voucher code GS-9914'.",
            ),
            (
                "action",
                "A cancellation confirmation will be emailed within 24 hours.",
                True,
                "Agent: 'A confirmation of the cancellation will follow by email within 24 hours.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The membership was cancelled and the customer accepted the voucher for the unused credit.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Thanks for your help.'",
            ),
        ],
        {},
        {
            "reason_for_cancellation": [
                [
                    ("Moving to Lisbon at the end of the month", True),
                    ("Won't be back for years", True),
                ]
            ],
            "action": [
                [
                    ("Offered a pause of up to twelve months; the customer declined", True),
                    ("Cancelled membership M-220761 from October 3; auto-renewal off", True),
                    ("Full access and two guest passes until October 3", True),
                    ("$36 parking credit turned into gift shop voucher GS-9914", True),
                    ("Cancellation confirmation by email within 24 hours", True),
                ]
            ],
        },
    )
)

# 8. Spanish surf school: the wetsuit hire given as board hire (a value bound to the wrong
# noun); a thankful customer summarised as dissatisfied; "el jueves que viene" resolved right,
# "tres semanas" in words.
ROWS.append(
    conversation(
        "new8-008",
        "voice",
        "scheduling",
        "2026-07-09T09:00:00Z",
        "Nerea",
        [
            ("agent", "Escuela de Surf Ola Brava, le atiende Nerea. ¿En qué puedo ayudarle?"),
            (
                "customer",
                "Buenos días, soy Joaquín Salcedo. Quiero apuntar a mi hija Lucía a un curso de surf. Tiene doce años y nunca ha surfeado.",
            ),
            (
                "agent",
                "Para principiantes de su edad tenemos el curso de iniciación: tres semanas, con dos clases por semana, los martes y los jueves.",
            ),
            ("customer", "¿Y cuánto cuesta?"),
            (
                "agent",
                "El curso son 180 euros con la tabla incluida. El neopreno se alquila aparte, a 12 euros por semana, o puede traer el suyo.",
            ),
            ("customer", "Alquilamos el neopreno. ¿Cuándo empieza?"),
            (
                "agent",
                "Entonces son 216 euros en total. El próximo grupo empieza el jueves que viene, a las 10:30, en la playa de Arenal Chico, junto a la caseta azul.",
            ),
            ("customer", "Perfecto. ¿Tiene que saber nadar?"),
            (
                "agent",
                "Sí, necesitamos una declaración firmada por usted de que sabe nadar 50 metros. Le envío el formulario hoy por correo. Su reserva es la OB-2290.",
            ),
            ("customer", "Muy bien, muchas gracias, Nerea."),
        ],
        {
            "situation": "Joaquín Salcedo quería inscribir en un curso de surf a su hija Lucía, de doce años y sin experiencia.",
            "custom_actions": "La agente inscribió a Lucía en el curso de iniciación de tres semanas, con dos clases semanales los martes y jueves. La reserva es OB-2290. El curso cuesta 180 euros. Se alquila además una tabla por 12 euros a la semana. El total es de 216 euros. La primera clase es el jueves 16 de julio a las 10:30 en la playa de Arenal Chico. La agente enviará hoy por correo la declaración de que Lucía sabe nadar 50 metros.",
            "customer_satisfaction": "D",
            "escalated": "No",
        },
        [
            (
                "situation",
                "Joaquín Salcedo quería inscribir en un curso de surf a su hija Lucía, de doce años y sin experiencia.",
                True,
                "Customer: 'Quiero apuntar a mi hija Lucía a un curso de surf. Tiene doce años y nunca ha surfeado.'",
            ),
            (
                "custom_actions",
                "La agente inscribió a Lucía en el curso de iniciación de tres semanas, con dos clases semanales los martes y jueves.",
                True,
                "Agent: 'tres semanas, con dos clases por semana, los martes y los jueves'.",
            ),
            (
                "custom_actions",
                "La reserva es OB-2290.",
                True,
                "Agent: 'Su reserva es la OB-2290.'",
            ),
            (
                "custom_actions",
                "El curso cuesta 180 euros.",
                True,
                "Agent: 'El curso son 180 euros con la tabla incluida.'",
            ),
            (
                "custom_actions",
                "Se alquila además una tabla por 12 euros a la semana.",
                False,
                "The board is included; the 12 euros a week is the wetsuit (neopreno) hire.",
            ),
            (
                "custom_actions",
                "El total es de 216 euros.",
                True,
                "Agent: 'Entonces son 216 euros en total.'",
            ),
            (
                "custom_actions",
                "La primera clase es el jueves 16 de julio a las 10:30 en la playa de Arenal Chico.",
                True,
                "'El jueves que viene', seen from Thursday, July 9, is July 16.",
            ),
            (
                "custom_actions",
                "La agente enviará hoy por correo la declaración de que Lucía sabe nadar 50 metros.",
                True,
                "Agent: 'una declaración ... de que sabe nadar 50 metros. Le envío el formulario hoy por correo.'",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                False,
                "The customer ends with 'Muy bien, muchas gracias, Nerea.': neutral or positive (N).",
            ),
            (
                "escalated",
                "Escalated: No",
                True,
                "The agent handled the booking herself.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "escalated": [True]},
        {
            "situation": [
                [
                    (
                        "Inscribir a su hija Lucía, de doce años, que nunca ha surfeado, en un curso",
                        True,
                    )
                ]
            ],
            "custom_actions": [
                [
                    (
                        "Inscripción en el curso de iniciación de tres semanas, martes y jueves",
                        True,
                    ),
                    ("Alquiler del neopreno a 12 euros por semana", False),
                    ("Envío hoy por correo del formulario de natación (50 metros)", True),
                ],
                [("El jueves que viene (16 de julio) a las 10:30", True)],
                [("Reserva OB-2290", True)],
                [("Precio total: 216 euros", True)],
            ],
        },
        language="es",
    )
)

# 9. French blood-donation centre: clean; "après-demain" resolved to Friday, November 6, "la
# veille" to November 5, "une heure et demie" in words.
ROWS.append(
    conversation(
        "new8-009",
        "voice",
        "scheduling",
        "2026-11-04T10:15:00Z",
        "Solène",
        [
            ("agent", "Centre de don du sang de Valmont, Solène à l'appareil, bonjour."),
            (
                "customer",
                "Bonjour, Mathis Garnier. Je voudrais prendre rendez-vous pour un don de plasma. Ce serait mon premier, mais j'ai déjà donné mon sang plusieurs fois.",
            ),
            ("agent", "Avec plaisir. De quand date votre dernier don de sang ?"),
            ("customer", "Du 12 septembre."),
            (
                "agent",
                "Parfait, il faut au moins deux semaines entre un don de sang et un don de plasma, donc c'est bon. J'ai de la place après-demain à 14 h 30, ou jeudi prochain à 9 h.",
            ),
            ("customer", "Après-demain, c'est parfait."),
            (
                "agent",
                "C'est noté, vendredi à 14 h 30, au centre de la rue des Tanneurs. Prévoyez environ une heure et demie sur place, dont 45 minutes de prélèvement. Mangez normalement avant et buvez un demi-litre d'eau.",
            ),
            ("customer", "Je dois apporter quelque chose ?"),
            (
                "agent",
                "Une pièce d'identité. Je vous envoie un SMS de rappel la veille. Votre numéro de rendez-vous est le DS-7731.",
            ),
            ("customer", "Merci beaucoup, bonne journée !"),
        ],
        {
            "situation": "Le client souhaitait réserver son premier don de plasma. Il a déjà donné son sang, la dernière fois le 12 septembre.",
            "action": "La conseillère a vérifié que le délai minimum de deux semaines depuis le dernier don de sang était respecté. Elle a réservé le don de plasma pour le vendredi 6 novembre à 14 h 30 au centre de la rue des Tanneurs, rendez-vous DS-7731. Elle a indiqué de prévoir une heure et demie sur place, dont 45 minutes de prélèvement. Le donneur doit manger normalement, boire un demi-litre d'eau et apporter une pièce d'identité.",
            "follow_up": "Un SMS de rappel sera envoyé le jeudi 5 novembre, veille du rendez-vous.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Le client souhaitait réserver son premier don de plasma.",
                True,
                "Customer: 'Je voudrais prendre rendez-vous pour un don de plasma. Ce serait mon premier'.",
            ),
            (
                "situation",
                "Il a déjà donné son sang, la dernière fois le 12 septembre.",
                True,
                "Customer: 'j'ai déjà donné mon sang plusieurs fois' ... 'Du 12 septembre.'",
            ),
            (
                "action",
                "La conseillère a vérifié que le délai minimum de deux semaines depuis le dernier don de sang était respecté.",
                True,
                "Agent: 'il faut au moins deux semaines ... donc c'est bon'.",
            ),
            (
                "action",
                "Elle a réservé le don de plasma pour le vendredi 6 novembre à 14 h 30 au centre de la rue des Tanneurs, rendez-vous DS-7731.",
                True,
                "'Après-demain', seen from Wednesday, November 4, is Friday, November 6; 14 h 30; rue des Tanneurs; DS-7731.",
            ),
            (
                "action",
                "Elle a indiqué de prévoir une heure et demie sur place, dont 45 minutes de prélèvement.",
                True,
                "Agent: 'Prévoyez environ une heure et demie sur place, dont 45 minutes de prélèvement.'",
            ),
            (
                "action",
                "Le donneur doit manger normalement, boire un demi-litre d'eau et apporter une pièce d'identité.",
                True,
                "Agent: 'Mangez normalement avant et buvez un demi-litre d'eau.' ... 'Une pièce d'identité.'",
            ),
            (
                "follow_up",
                "Un SMS de rappel sera envoyé le jeudi 5 novembre, veille du rendez-vous.",
                True,
                "Agent: 'Je vous envoie un SMS de rappel la veille'; the eve of November 6 is November 5.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The appointment was booked and the customer's question answered.",
            ),
        ],
        {"follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Prendre rendez-vous pour un premier don de plasma", True),
                    ("Dernier don de sang le 12 septembre", True),
                ]
            ],
            "action": [
                [
                    ("Délai de deux semaines entre don de sang et don de plasma vérifié", True),
                    (
                        "Rendez-vous après-demain, vendredi 6 novembre, à 14 h 30, rue des Tanneurs",
                        True,
                    ),
                    ("Numéro de rendez-vous DS-7731", True),
                    ("Prévoir une heure et demie sur place, dont 45 minutes de prélèvement", True),
                    (
                        "Manger avant, boire un demi-litre d'eau, apporter une pièce d'identité",
                        True,
                    ),
                ]
            ],
            "follow_up": [[("SMS de rappel la veille du rendez-vous", True)], []],
        },
        language="fr",
    )
)

# 10. French dog groomer: the price revised after the customer corrected the dog's weight but
# kept at the first figure (superseded); the advice about the ears left out (omission);
# "demain" resolved right.
ROWS.append(
    conversation(
        "new8-010",
        "chat",
        "scheduling",
        "2026-03-05T16:40:00Z",
        "Margaux",
        [
            (
                "customer",
                "Bonjour, je voudrais un toilettage complet pour mon chien Biscotte, un cocker de 14 kilos.",
            ),
            (
                "agent",
                "Bonjour, ici Margaux du salon Poil Soyeux ! Pour un cocker, le toilettage complet (bain, coupe, griffes) est à 55 €.",
            ),
            (
                "customer",
                "Attendez, je me suis trompée : il pèse 24 kilos maintenant, il a beaucoup grossi cet hiver.",
            ),
            (
                "agent",
                "Ah, au-delà de 20 kilos il passe dans la catégorie grand chien, donc ce sera 68 € au lieu de 55 €.",
            ),
            ("customer", "D'accord. Vous auriez quelque chose demain ?"),
            ("agent", "Oui, demain à 10 h. Comptez environ deux heures et demie."),
            (
                "customer",
                "Très bien. Il a les oreilles un peu rouges en ce moment, c'est un problème ?",
            ),
            (
                "agent",
                "Je le note pour la toiletteuse : elle ne nettoiera pas l'intérieur des oreilles et vous conseillera de voir le vétérinaire si besoin. Vous recevrez un SMS quand il sera prêt. Votre réservation : TP-0417.",
            ),
            ("customer", "Parfait, merci !"),
        ],
        {
            "custom_actions": "La conseillère a réservé un toilettage complet (bain, coupe, griffes) pour Biscotte, un cocker, le vendredi 6 mars à 10 h. La réservation est TP-0417. Le tarif est de 55 €. Elle a noté les oreilles rougies pour la toiletteuse.",
            "follow_up": "Un SMS sera envoyé à la cliente quand Biscotte sera prêt, le 6 mars.",
            "call_driver": "Appointment",
        },
        [
            (
                "custom_actions",
                "La conseillère a réservé un toilettage complet (bain, coupe, griffes) pour Biscotte, un cocker, le vendredi 6 mars à 10 h.",
                True,
                "'Demain', seen from Thursday, March 5, is Friday, March 6; 10 h.",
            ),
            (
                "custom_actions",
                "La réservation est TP-0417.",
                True,
                "Agent: 'Votre réservation : TP-0417.'",
            ),
            (
                "custom_actions",
                "Le tarif est de 55 €.",
                False,
                "After the customer corrected the weight to 24 kilos, the agent revised the price to 68 €.",
            ),
            (
                "custom_actions",
                "Elle a noté les oreilles rougies pour la toiletteuse.",
                True,
                "Agent: 'Je le note pour la toiletteuse'.",
            ),
            (
                "follow_up",
                "Un SMS sera envoyé à la cliente quand Biscotte sera prêt, le 6 mars.",
                True,
                "Agent: 'Vous recevrez un SMS quand il sera prêt.'; the appointment is on March 6.",
            ),
            (
                "call_driver",
                "Call driver: Appointment",
                True,
                "The customer got in touch to book a grooming appointment.",
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
                    ("Toilettage complet réservé pour Biscotte", True),
                    ("Oreilles rouges signalées à la toiletteuse", True),
                    (
                        "La toiletteuse ne nettoiera pas l'intérieur des oreilles et conseillera le vétérinaire si besoin",
                        False,
                    ),
                ],
                [("Demain (vendredi 6 mars) à 10 h", True)],
                [("Réservation TP-0417", True)],
                [("Tarif corrigé de 55 € à 68 € (24 kilos, catégorie grand chien)", False)],
            ],
            "follow_up": [[("SMS quand Biscotte sera prêt", True)], []],
        },
        language="fr",
    )
)

# 11. German kitchen fitter: the hob named instead of the missing extractor hood (entity
# substitution); "2.500 €", "2.020 €", "gestern" and "morgen" kept right.
ROWS.append(
    conversation(
        "new8-011",
        "voice",
        "billing",
        "2026-09-24T08:30:00Z",
        "Jonas",
        [
            ("agent", "Küchenwerk Haldenau, Sie sprechen mit Jonas. Was kann ich für Sie tun?"),
            (
                "customer",
                "Guten Morgen, Annegret Voss hier. Gestern wurde unsere neue Küche montiert, Auftrag KW-58310. Es fehlt aber die Dunstabzugshaube, und die Schlussrechnung verlangt trotzdem die vollen 2.500 € Restzahlung.",
            ),
            (
                "agent",
                "Guten Morgen, Frau Voss. Ich sehe es hier: Kochfeld und Spüle wurden gestern eingebaut, die Dunstabzugshaube ist beim Hersteller im Rückstand.",
            ),
            ("customer", "Und wann kommt die?"),
            (
                "agent",
                "Sie ist für den 8. Oktober angekündigt. Unser Monteur baut sie dann vormittags ein, das kostet Sie nichts extra.",
            ),
            ("customer", "Und was ist mit der Rechnung?"),
            (
                "agent",
                "Ich halte 480 € zurück, das ist der Preis der Haube. Sie zahlen jetzt also nur 2.020 € und den Rest nach dem Einbau. Die geänderte Rechnung schicke ich Ihnen morgen per E-Mail.",
            ),
            ("customer", "Gut, das ist fair. Danke, auf Wiederhören."),
        ],
        {
            "situation": "Frau Voss rief an, weil bei der Küchenmontage am 23. September (Auftrag KW-58310) das Kochfeld fehlte. Die Schlussrechnung verlangt trotzdem die vollen 2.500 € Restzahlung.",
            "action": "Der Mitarbeiter erklärte, dass die Dunstabzugshaube beim Hersteller im Rückstand ist. Sie wird am 8. Oktober ohne Zusatzkosten eingebaut. Er behielt 480 € für die Haube zurück, sodass jetzt nur 2.020 € fällig sind. Die geänderte Rechnung kommt am 25. September per E-Mail.",
            "entities": "kundin: Annegret Voss\nauftragsnummer: KW-58310\nrestzahlung: 2.500 €\nzurueckbehalten: 480 €\njetzt_faellig: 2.020 €",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Frau Voss rief an, weil bei der Küchenmontage am 23. September (Auftrag KW-58310) das Kochfeld fehlte.",
                False,
                "The extractor hood (Dunstabzugshaube) was missing; the hob (Kochfeld) was fitted yesterday, September 23.",
            ),
            (
                "situation",
                "Die Schlussrechnung verlangt trotzdem die vollen 2.500 € Restzahlung.",
                True,
                "Customer: 'die Schlussrechnung verlangt trotzdem die vollen 2.500 € Restzahlung'.",
            ),
            (
                "action",
                "Der Mitarbeiter erklärte, dass die Dunstabzugshaube beim Hersteller im Rückstand ist.",
                True,
                "Agent: 'die Dunstabzugshaube ist beim Hersteller im Rückstand'.",
            ),
            (
                "action",
                "Sie wird am 8. Oktober ohne Zusatzkosten eingebaut.",
                True,
                "Agent: 'für den 8. Oktober angekündigt ... das kostet Sie nichts extra'.",
            ),
            (
                "action",
                "Er behielt 480 € für die Haube zurück, sodass jetzt nur 2.020 € fällig sind.",
                True,
                "Agent: 'Ich halte 480 € zurück ... Sie zahlen jetzt also nur 2.020 €'.",
            ),
            (
                "action",
                "Die geänderte Rechnung kommt am 25. September per E-Mail.",
                True,
                "'Morgen', seen from September 24, is September 25.",
            ),
            ("entities", "kundin: Annegret Voss", True, "Customer: 'Annegret Voss hier'."),
            ("entities", "auftragsnummer: KW-58310", True, "Customer: 'Auftrag KW-58310'."),
            (
                "entities",
                "restzahlung: 2.500 €",
                True,
                "Customer: 'die vollen 2.500 € Restzahlung'.",
            ),
            ("entities", "zurueckbehalten: 480 €", True, "Agent: 'Ich halte 480 € zurück'."),
            (
                "entities",
                "jetzt_faellig: 2.020 €",
                True,
                "Agent: 'Sie zahlen jetzt also nur 2.020 €'.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Gut, das ist fair. Danke'.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Dunstabzugshaube fehlt nach der gestrigen Montage (Auftrag KW-58310)", False),
                    ("Schlussrechnung verlangt trotzdem die vollen 2.500 €", True),
                ]
            ],
            "action": [
                [
                    ("Haube beim Hersteller im Rückstand, angekündigt für den 8. Oktober", True),
                    ("Einbau ohne Zusatzkosten", True),
                    ("480 € zurückbehalten, jetzt nur 2.020 € fällig", True),
                    ("Geänderte Rechnung morgen per E-Mail", True),
                ]
            ],
            "entities": [
                [
                    ("Kundin Annegret Voss", True),
                    ("Auftrag KW-58310", True),
                    ("Restzahlung 2.500 €", True),
                    ("480 € zurückbehalten", True),
                    ("Jetzt fällig 2.020 €", True),
                ]
            ],
        },
        language="de",
    )
)

# 12. Italian print shop: two reprinted boxes for one (wrong count); a paper question left open
# summarised as resolved (wrong categorical value); "dopodomani" and "entro lunedì" resolved
# right, "1.500 biglietti".
ROWS.append(
    conversation(
        "new8-012",
        "chat",
        "returns",
        "2026-10-07T14:00:00Z",
        "Chiara",
        [
            (
                "customer",
                "Buongiorno, ho ricevuto oggi l'ordine TB-7724: 1.500 biglietti da visita in tre scatole da 500. In una delle scatole però il logo è stampato storto.",
            ),
            (
                "agent",
                "Buongiorno, sono Chiara della Tipografia Bellaria. Mi dispiace! Può mandarmi una foto?",
            ),
            ("customer", "Inviata adesso."),
            (
                "agent",
                "Vedo, il logo è spostato di qualche millimetro. Ristampiamo gratis quella scatola e gliela spediamo dopodomani con corriere espresso.",
            ),
            (
                "customer",
                "E la carta? Avevo scelto la carta opaca da 350 grammi, questa mi sembra lucida.",
            ),
            (
                "agent",
                "Ha ragione, per tutte e tre le scatole è stata usata la carta lucida. Per ristampare tutto devo chiedere al responsabile di produzione; le faccio sapere entro lunedì.",
            ),
            ("customer", "Va bene, ma mi servono per una fiera il 20 ottobre."),
            (
                "agent",
                "Lo segnalo subito. La scatola con il logo storto può tenerla o buttarla, non serve restituirla.",
            ),
            ("customer", "Ok, grazie."),
        ],
        {
            "custom_actions": "L'ordine è TB-7724, di 1.500 biglietti da visita. L'agente ha disposto la ristampa gratuita di due scatole con il logo storto. La ristampa sarà spedita venerdì 9 ottobre con corriere espresso. Ha confermato che per tutte e tre le scatole è stata usata carta lucida invece della carta opaca da 350 grammi. Il cliente non deve restituire la scatola difettosa.",
            "follow_up": "Il rappresentante chiederà al responsabile di produzione se ristampare tutto su carta opaca. Darà una risposta entro lunedì 12 ottobre. I biglietti servono per una fiera il 20 ottobre.",
            "resolution": "Y",
        },
        [
            (
                "custom_actions",
                "L'ordine è TB-7724, di 1.500 biglietti da visita.",
                True,
                "Customer: 'l'ordine TB-7724: 1.500 biglietti da visita'.",
            ),
            (
                "custom_actions",
                "L'agente ha disposto la ristampa gratuita di due scatole con il logo storto.",
                False,
                "Only one box has the crooked logo, and only that box is reprinted.",
            ),
            (
                "custom_actions",
                "La ristampa sarà spedita venerdì 9 ottobre con corriere espresso.",
                True,
                "'Dopodomani', seen from Wednesday, October 7, is Friday, October 9.",
            ),
            (
                "custom_actions",
                "Ha confermato che per tutte e tre le scatole è stata usata carta lucida invece della carta opaca da 350 grammi.",
                True,
                "Agent: 'per tutte e tre le scatole è stata usata la carta lucida'; customer chose 'la carta opaca da 350 grammi'.",
            ),
            (
                "custom_actions",
                "Il cliente non deve restituire la scatola difettosa.",
                True,
                "Agent: 'non serve restituirla'.",
            ),
            (
                "follow_up",
                "Il rappresentante chiederà al responsabile di produzione se ristampare tutto su carta opaca.",
                True,
                "Agent: 'Per ristampare tutto devo chiedere al responsabile di produzione'.",
            ),
            (
                "follow_up",
                "Darà una risposta entro lunedì 12 ottobre.",
                True,
                "'Entro lunedì', seen from Wednesday, October 7, is Monday, October 12.",
            ),
            (
                "follow_up",
                "I biglietti servono per una fiera il 20 ottobre.",
                True,
                "Customer: 'mi servono per una fiera il 20 ottobre'.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                False,
                "The crooked box is reprinted, but the wrong paper is still open pending the production manager: P.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, True]},
        {
            "custom_actions": [
                [
                    ("Ristampa gratuita della scatola con il logo storto", False),
                    ("Spedizione con corriere espresso", True),
                    ("La scatola difettosa non va restituita", True),
                ],
                [
                    ("Dopodomani, venerdì 9 ottobre (spedizione della ristampa)", True),
                    ("Lunedì (risposta sulla carta)", False),
                    ("Fiera il 20 ottobre", False),
                ],
                [("Ordine TB-7724", True)],
                [("Ristampa di una scatola da 500 biglietti aggiunta all'ordine", False)],
            ],
            "follow_up": [
                [
                    (
                        "Risposta entro lunedì sulla ristampa su carta opaca, sentito il responsabile di produzione",
                        True,
                    ),
                    ("Spedizione della scatola ristampata dopodomani", False),
                ],
                [],
            ],
        },
        language="it",
    )
)

# 13. Portuguese physiotherapy clinic: clean; "na próxima segunda-feira" and "amanhã" resolved
# right, "oito sessões" in words, a 45-minute session, a prescription number that is not an
# order number.
ROWS.append(
    conversation(
        "new8-013",
        "voice",
        "scheduling",
        "2026-04-08T10:20:00Z",
        "Inês",
        [
            ("agent", "Clínica Movimento Vivo, bom dia, fala a Inês."),
            (
                "customer",
                "Bom dia, é o Rui Tavares. O meu médico passou-me oito sessões de fisioterapia para o joelho direito, depois de uma entorse. Queria marcar.",
            ),
            ("agent", "Com certeza. Tem a prescrição consigo? Preciso do número."),
            ("customer", "Sim, é a PR-33190."),
            (
                "agent",
                "Obrigada. As sessões são de 45 minutos, duas vezes por semana. Posso começar na próxima segunda-feira às 18:15 com o fisioterapeuta Duarte, e depois às quintas à mesma hora.",
            ),
            ("customer", "Às 18:15 dá-me jeito. Quanto custa?"),
            (
                "agent",
                "Cada sessão custa 32 euros, mas com o seu seguro Saúde Plena paga só 9 euros por sessão, o que dá 72 euros pelas oito.",
            ),
            ("customer", "Ótimo."),
            (
                "agent",
                "Amanhã envio-lhe por e-mail a ficha de avaliação inicial. Traga-a preenchida na primeira sessão, e venha com roupa confortável e calções.",
            ),
            ("customer", "Combinado, obrigado."),
        ],
        {
            "situation": "O cliente queria marcar as oito sessões de fisioterapia ao joelho direito que o médico lhe receitou após uma entorse.",
            "custom_actions": "Foram marcadas sessões de 45 minutos às segundas e quintas às 18:15 com o fisioterapeuta Duarte. A primeira é na segunda-feira, 13 de abril. A prescrição é a PR-33190. Cada sessão custa 32 euros, mas com o seguro Saúde Plena o cliente paga 9 euros, 72 euros no total. O cliente recebe amanhã, 9 de abril, a ficha de avaliação inicial por e-mail e deve trazê-la preenchida na primeira sessão, com roupa confortável e calções.",
            "follow_up": "O representante enviará amanhã, 9 de abril, a ficha de avaliação inicial por e-mail.",
            "call_driver": "Appointment",
        },
        [
            (
                "situation",
                "O cliente queria marcar as oito sessões de fisioterapia ao joelho direito que o médico lhe receitou após uma entorse.",
                True,
                "Customer: 'O meu médico passou-me oito sessões de fisioterapia para o joelho direito, depois de uma entorse. Queria marcar.'",
            ),
            (
                "custom_actions",
                "Foram marcadas sessões de 45 minutos às segundas e quintas às 18:15 com o fisioterapeuta Duarte.",
                True,
                "Agent: 'sessões são de 45 minutos ... segunda-feira às 18:15 com o fisioterapeuta Duarte, e depois às quintas à mesma hora'.",
            ),
            (
                "custom_actions",
                "A primeira é na segunda-feira, 13 de abril.",
                True,
                "'Na próxima segunda-feira', seen from Wednesday, April 8, is April 13.",
            ),
            ("custom_actions", "A prescrição é a PR-33190.", True, "Customer: 'é a PR-33190'."),
            (
                "custom_actions",
                "Cada sessão custa 32 euros, mas com o seguro Saúde Plena o cliente paga 9 euros, 72 euros no total.",
                True,
                "Agent: 'Cada sessão custa 32 euros ... paga só 9 euros por sessão, o que dá 72 euros pelas oito.'",
            ),
            (
                "custom_actions",
                "O cliente recebe amanhã, 9 de abril, a ficha de avaliação inicial por e-mail e deve trazê-la preenchida na primeira sessão, com roupa confortável e calções.",
                True,
                "'Amanhã', seen from April 8, is April 9; the rest is the agent's last instruction.",
            ),
            (
                "follow_up",
                "O representante enviará amanhã, 9 de abril, a ficha de avaliação inicial por e-mail.",
                True,
                "Agent: 'Amanhã envio-lhe por e-mail a ficha de avaliação inicial.'",
            ),
            (
                "call_driver",
                "Call driver: Appointment",
                True,
                "The customer called to book physiotherapy sessions.",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [("Marcar oito sessões de fisioterapia ao joelho direito após uma entorse", True)]
            ],
            "custom_actions": [
                [
                    (
                        "Marcou sessões de 45 minutos, duas vezes por semana, com o fisioterapeuta Duarte",
                        True,
                    ),
                    ("Pediu para trazer a ficha preenchida, roupa confortável e calções", True),
                ],
                [
                    ("Próxima segunda-feira (13 de abril) às 18:15, depois às quintas", True),
                    ("Amanhã (9 de abril): envio da ficha por e-mail", True),
                ],
                [],
                [("Preço: 32 euros por sessão, 9 euros com o seguro, 72 euros pelas oito", True)],
            ],
            "follow_up": [[("Ficha de avaliação inicial enviada amanhã por e-mail", True)], []],
        },
        language="pt",
    )
)

# 14. Dutch pet-boarding kennel: a deposit not withheld summarised as withheld (negation);
# "overmorgen" resolved a day early; "twee nachten" in words; a customer's self-correction
# (schoonmoeder) kept right.
ROWS.append(
    conversation(
        "new8-014",
        "chat",
        "scheduling",
        "2026-06-25T19:05:00Z",
        "Sanne",
        [
            (
                "customer",
                "Hoi, ik wil de opvang van mijn kat Pluis van 4 tot 18 juli annuleren, we gaan toch niet op vakantie. Reservering DH-1186. Maarten Bosveld hier.",
            ),
            (
                "agent",
                "Hoi Maarten, Sanne van Dierenpension De Hooiberg. Jammer! Omdat u meer dan een week van tevoren annuleert, houden we de aanbetaling van € 40 niet in; die krijgt u volledig terug.",
            ),
            (
                "customer",
                "Fijn. Maar kan Pluis misschien wel een weekendje komen? Mijn schoonouders komen overmorgen logeren en mijn schoonvader is allergisch... nee wacht, mijn schoonmoeder is allergisch voor katten.",
            ),
            (
                "agent",
                "Dat kan. Ik heb plek van overmorgen tot maandag, twee nachten, € 18 per nacht, dus € 36.",
            ),
            ("customer", "Perfect, doe maar."),
            (
                "agent",
                "Geregeld, nieuwe reservering DH-1203. U kunt Pluis overmorgen tussen 9:00 en 11:00 brengen; neem het vaccinatieboekje mee. De € 40 staat binnen vijf werkdagen op uw rekening.",
            ),
            ("customer", "Top, bedankt!"),
        ],
        {
            "situation": "De klant annuleerde de opvang van kat Pluis van 4 tot 18 juli (reservering DH-1186), omdat de vakantie niet doorgaat. Hij wilde Pluis wel een weekend laten logeren, omdat zijn schoonmoeder allergisch is voor katten.",
            "custom_actions": "De medewerker annuleerde reservering DH-1186. De aanbetaling van € 40 wordt ingehouden. Ze boekte twee nachten opvang vanaf vrijdag 26 juni tot maandag, voor € 36. De nieuwe reservering is DH-1203. Pluis kan tussen 9:00 en 11:00 gebracht worden, met het vaccinatieboekje.",
            "refund_given": "Yes",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "De klant annuleerde de opvang van kat Pluis van 4 tot 18 juli (reservering DH-1186), omdat de vakantie niet doorgaat.",
                True,
                "Customer: 'de opvang van mijn kat Pluis van 4 tot 18 juli annuleren, we gaan toch niet op vakantie. Reservering DH-1186.'",
            ),
            (
                "situation",
                "Hij wilde Pluis wel een weekend laten logeren, omdat zijn schoonmoeder allergisch is voor katten.",
                True,
                "Customer corrected himself: 'nee wacht, mijn schoonmoeder is allergisch voor katten'.",
            ),
            (
                "custom_actions",
                "De medewerker annuleerde reservering DH-1186.",
                True,
                "The agent accepted the cancellation and made a new booking.",
            ),
            (
                "custom_actions",
                "De aanbetaling van € 40 wordt ingehouden.",
                False,
                "The reverse: 'houden we de aanbetaling van € 40 niet in; die krijgt u volledig terug'.",
            ),
            (
                "custom_actions",
                "Ze boekte twee nachten opvang vanaf vrijdag 26 juni tot maandag, voor € 36.",
                False,
                "'Overmorgen', seen from Thursday, June 25, is Saturday, June 27, not Friday, June 26.",
            ),
            (
                "custom_actions",
                "De nieuwe reservering is DH-1203.",
                True,
                "Agent: 'nieuwe reservering DH-1203'.",
            ),
            (
                "custom_actions",
                "Pluis kan tussen 9:00 en 11:00 gebracht worden, met het vaccinatieboekje.",
                True,
                "Agent: 'U kunt Pluis overmorgen tussen 9:00 en 11:00 brengen; neem het vaccinatieboekje mee.'",
            ),
            (
                "refund_given",
                "Refund given: Yes",
                True,
                "The € 40 deposit is paid back in full.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Top, bedankt!'",
            ),
        ],
        {"custom_actions": [True, True, True, True], "refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "Annulering van de opvang van Pluis van 4 tot 18 juli (DH-1186); vakantie gaat niet door",
                        True,
                    ),
                    ("Pluis een weekend laten logeren; schoonmoeder allergisch voor katten", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Reservering DH-1186 geannuleerd", True),
                    ("Aanbetaling van € 40 volledig terug", False),
                    ("Nieuwe opvang geboekt: twee nachten à € 18, samen € 36", True),
                ],
                [
                    ("4 tot 18 juli (geannuleerde opvang)", False),
                    ("Overmorgen (zaterdag 27 juni) brengen tussen 9:00 en 11:00", False),
                    ("Tot maandag", True),
                ],
                [("Reservering DH-1186", True), ("Nieuwe reservering DH-1203", True)],
                [("€ 40 binnen vijf werkdagen terug op de rekening", False)],
            ],
        },
        language="nl",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
